/**
 * Deterministic zip archives (sorted entries, fixed timestamps, one deflate implementation),
 * so the CLI's export and the web download of the same design are the same bytes.
 */
export { zipFiles, unzipEntries, crc32, checkEntryName, ZipError } from './zip';
