// The SQLite database holds sessions, password hashes and the audit log: only the user who runs
// the studio may read it. SQLite gives its -wal, -shm and -journal files the database file's own
// mode (whatever the umask), so a 0600 database keeps them 0600 too.
import fs from 'node:fs';
import path from 'node:path';

const SIDECARS = ['', '-wal', '-shm', '-journal'];

/** A folder only its owner may enter: made so, or tightened when it exists (false if that is not ours to change). */
export function ensurePrivateDir(dir: string): boolean {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return tightenMode(dir);
}

/**
 * Before SQLite opens `file`: its folder made owner-only when new, the file created 0600 (an empty
 * file is a new database to SQLite), and an existing database and its sidecars from an older
 * studio (0644) tightened to the owner.
 */
export function prepareSqliteFile(file: string): void {
  // only folders this makes: an existing parent may be shared (/tmp), it is not ours to close
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  // Create it only when missing, never open an existing one: POSIX drops all of a process's locks
  // on a file when any descriptor of it closes, so an open-and-close here released the locks of a
  // connection this process already had (a second openDb, a restart in tests), and SQLite then
  // reported "disk I/O error" and lost track of its WAL.
  try {
    fs.writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  for (const suffix of SIDECARS) tightenMode(`${file}${suffix}`);
}

/** Removes group and other permissions; false when the path is gone or not ours to change. */
function tightenMode(p: string): boolean {
  try {
    const mode = fs.statSync(p).mode & 0o777;
    if ((mode & 0o077) !== 0) fs.chmodSync(p, mode & 0o700);
    return true;
  } catch {
    return false;
  }
}
