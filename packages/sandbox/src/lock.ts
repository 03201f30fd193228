// A pid lock file so two `up`s (or two builds) on the same data never race each other.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { isPidAlive } from './process';

export interface LockOptions {
  /** Called once when another live process holds the lock and we start waiting. */
  onWait?: (holderPid: number) => void;
  timeoutMs?: number;
}

export async function acquireLock(path: string, opts: LockOptions = {}): Promise<() => void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60 * 60_000);
  let told = false;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(path, 'utf8').trim());
    } catch {
      continue; // released between our open and read: try again
    }
    if (!Number.isInteger(holder) || holder <= 0 || !isPidAlive(holder)) {
      try {
        unlinkSync(path); // stale: its holder died (or wrote garbage)
      } catch {
        // someone else cleaned it
      }
      continue;
    }
    if (!told) {
      opts.onWait?.(holder);
      told = true;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for process ${holder} to release ${path}: stop it or delete the file`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
