/**
 * A deterministic zip archive: entries in byte order of their names, every timestamp the DOS
 * epoch (1980-01-01 00:00), Unix mode 0644, UTF-8 names, raw deflate from fflate at one fixed
 * level. The same files give the same bytes in Node and in the browser (fflate's own zipper
 * stamps local time, which depends on the machine's time zone, so the container is written here).
 */
import { deflateSync, unzipSync } from 'fflate';

export class ZipError extends Error {
  override readonly name = 'ZipError';
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A relative path with no empty, `.` or `..` segment, no backslash and no control character. */
export function checkEntryName(name: string): string {
  const bad =
    name === '' ||
    name.startsWith('/') ||
    name.includes('\\') ||
    [...name].some((c) => c.charCodeAt(0) < 0x20) ||
    name.split('/').some((s) => s === '' || s === '.' || s === '..');
  if (bad)
    throw new ZipError(
      `refusing the zip entry name ${JSON.stringify(name)}: entries must be relative paths inside the archive`,
    );
  return name;
}

const DOS_DATE = (1 << 5) | 1; // 1980-01-01
const DOS_TIME = 0;
const UTF8_FLAG = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
const MADE_BY_UNIX = (3 << 8) | VERSION;
const FILE_MODE = 0o100644;

/** Zips `files` (path → text or bytes); `prefix` (e.g. `memcached-operator/`) goes before every name. */
export function zipFiles(files: ReadonlyMap<string, string | Uint8Array>, prefix = ''): Uint8Array {
  const encoder = new TextEncoder();
  const entries = [...files.entries()]
    .map(([path, content]) => ({
      name: encoder.encode(checkEntryName(`${prefix}${path}`)),
      data: typeof content === 'string' ? encoder.encode(content) : content,
    }))
    .sort((a, b) => compareBytes(a.name, b.name));
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const compressed = deflateSync(e.data, { level: 6 });
    const crc = crc32(e.data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, VERSION, true);
    local.setUint16(6, UTF8_FLAG, true);
    local.setUint16(8, DEFLATE, true);
    local.setUint16(10, DOS_TIME, true);
    local.setUint16(12, DOS_DATE, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, compressed.length, true);
    local.setUint32(22, e.data.length, true);
    local.setUint16(26, e.name.length, true);
    local.setUint16(28, 0, true);
    const head = new DataView(new ArrayBuffer(46));
    head.setUint32(0, 0x02014b50, true);
    head.setUint16(4, MADE_BY_UNIX, true);
    head.setUint16(6, VERSION, true);
    head.setUint16(8, UTF8_FLAG, true);
    head.setUint16(10, DEFLATE, true);
    head.setUint16(12, DOS_TIME, true);
    head.setUint16(14, DOS_DATE, true);
    head.setUint32(16, crc, true);
    head.setUint32(20, compressed.length, true);
    head.setUint32(24, e.data.length, true);
    head.setUint16(28, e.name.length, true);
    head.setUint32(38, (FILE_MODE << 16) >>> 0, true);
    head.setUint32(42, offset, true);
    chunks.push(new Uint8Array(local.buffer), e.name, compressed);
    central.push(new Uint8Array(head.buffer), e.name);
    offset += 30 + e.name.length + compressed.length;
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  if (entries.length > 0xffff || offset + centralSize > 0xffffffff)
    throw new ZipError('the archive is too large for a zip without zip64');
  return concat([...chunks, ...central, new Uint8Array(end.buffer)]);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The entries of a zip (any zip fflate reads), name → bytes: for checks of what users download. */
export function unzipEntries(bytes: Uint8Array): Map<string, Uint8Array> {
  return new Map(Object.entries(unzipSync(bytes)));
}
