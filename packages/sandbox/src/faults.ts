// Fault injection for tests: stop one component of a running sandbox and start it again with the
// same command line, e.g. the kube-apiserver for a minute while a controller keeps running.
// Only for a sandbox you own: every other client of that cluster loses it too.
import { COMPONENTS, logFile, pidFile, type ComponentName } from './components';
import { running, SandboxError, startComponentProcess } from './cluster';
import { readAdminCredentials } from './pki';
import { removeFile, stopPid } from './process';
import { layout, resolveProfile, type ProfileInput } from './profiles';

export interface ComponentOptions {
  profile?: ProfileInput;
  /** kill -9 instead of a graceful SIGTERM (a crash rather than a shutdown). */
  kill?: boolean;
  /** How long startComponent waits for the component's health probe (default 60 s). */
  timeoutMs?: number;
}

function component(name: ComponentName) {
  const c = COMPONENTS.find((x) => x.name === name);
  if (c === undefined)
    throw new SandboxError(
      `unknown sandbox component "${name}": use one of ${COMPONENTS.map((x) => x.name).join(', ')}`,
    );
  return c;
}

/** Stops one running component; resolves once its process is gone. False if it was not running. */
export async function stopComponent(name: ComponentName, opts: ComponentOptions = {}): Promise<boolean> {
  const p = resolveProfile(opts.profile);
  component(name);
  const pid = running(p).get(name);
  if (pid === undefined) return false;
  await stopPid(pid, opts.kill === true ? 0 : 10_000);
  removeFile(pidFile(layout(p).run, name));
  return true;
}

/** Starts a stopped component with its usual flags and waits until its probe passes. */
export async function startComponent(name: ComponentName, opts: ComponentOptions = {}): Promise<void> {
  const p = resolveProfile(opts.profile);
  const c = component(name);
  const l = layout(p);
  if (running(p).has(name)) return;
  const started = startComponentProcess(p, c);
  const creds = readAdminCredentials(l.pki);
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  while (!(await c.healthy(p, creds))) {
    if (started.exit !== undefined)
      throw new SandboxError(`${name} exited while restarting: see ${logFile(l.logs, name)}`);
    if (Date.now() > deadline)
      throw new SandboxError(
        `${name} did not become healthy within ${opts.timeoutMs ?? 60_000} ms: see ${logFile(l.logs, name)}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}
