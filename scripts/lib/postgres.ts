/**
 * A throwaway PostgreSQL server for the tests: Debian's `postgresql` binaries (scripts/setup.sh
 * installs the package), a fresh data directory under the temp dir, loopback only, on a fixed
 * port per use. initdb and the server refuse to run as root, so as root they run as the
 * `postgres` user the package creates. Trust authentication: only this machine's loopback
 * reaches it, and it lives for one test run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PostgresServer {
  /** postgresql://postgres@127.0.0.1:<port>/postgres: the superuser on its own database. */
  readonly adminUrl: string;
  stop(): void;
}

/** The newest installed server's bin folder (Debian keeps one per major version). */
export function postgresBinDir(root = '/usr/lib/postgresql'): string {
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined)
    throw new Error(
      `no PostgreSQL server under ${root}: install Debian's postgresql package (scripts/setup.sh --test does)`,
    );
  return path.join(root, versions[0], 'bin');
}

function asServerUser(bin: string, args: string[]): string {
  const root = process.getuid?.() === 0;
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Starts a fresh server on 127.0.0.1:`port`; `stop()` ends it and deletes its data. */
export function startPostgres(port: number): PostgresServer {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opstudio-postgres-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const log = path.join(dir, 'server.log');
  try {
    asServerUser(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    asServerUser(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      log,
      '-w',
      '-t',
      '60',
      '-o',
      // no fsync: a test database need not survive a crash of the machine
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]);
  } catch (err) {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start on 127.0.0.1:${port}: ${String(err)}\n${tail}`);
  }
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asServerUser(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** `adminUrl` with another database name. */
export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
