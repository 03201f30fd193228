// The studio's container image (Dockerfile) built and run without a container engine: Debian's
// buildah builds it daemonless (`buildah bud --isolation chroot`) on the base images
// packages/sandbox/src/image-base.ts makes, and `buildah run --isolation chroot` runs its commands
// with the host's network, so a test reaches them on 127.0.0.1. What image.int.test.ts uses.
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { runCommand as run, type ImageBases } from '@opstudio/sandbox';
import { repoRoot } from '../src/config';
import { eventually } from './index';

export interface BuiltImage {
  readonly ref: string;
  readonly seconds: number;
  /** As buildah prints it, e.g. "631 MB". */
  readonly size: string;
}

/**
 * `buildah bud` of the repository's Dockerfile. `--layers` keeps every step's result in buildah's
 * storage keyed by its instruction and the files it copies, as Docker's cache does: a tree whose
 * package files did not change skips `npm ci`, an unchanged tree rebuilds nothing.
 */
export async function buildStudioImage(
  bases: ImageBases,
  ref: string,
  onStep: (line: string) => void = () => {},
): Promise<BuiltImage> {
  const started = Date.now();
  const args = ['bud', '--isolation', 'chroot', '--network', 'host', '--layers'];
  args.push('--build-arg', `BASE=${bases.runtime}`, '--build-arg', `BUILD_BASE=${bases.build}`);
  args.push('-t', ref, '-f', 'Dockerfile', repoRoot);
  // buildah's step lines (`[2/5] STEP 3/4: RUN …`) as progress: a cold build takes minutes
  const r = await run('buildah', args, (text) => {
    for (const line of text.split('\n')) if (/^\[\d+\/\d+\] STEP /.test(line)) onStep(line.slice(0, 120));
  });
  if (r.code !== 0) throw new Error(`buildah bud failed:\n${r.output.slice(-4000)}`);
  const seconds = (Date.now() - started) / 1000;
  const images = await run('buildah', ['images', '--json', ref]);
  const [image] = JSON.parse(images.output) as { size: string }[];
  return { ref, seconds, size: image?.size ?? 'unknown' };
}

/** A working container of an image (`buildah from`); removed by `remove()`. */
export class ImageContainer {
  private readonly running = new Set<ImageCommand>();
  private constructor(readonly name: string) {}

  static async from(ref: string, name: string): Promise<ImageContainer> {
    const r = await run('buildah', ['from', '--pull-never', '--name', name, ref]);
    if (r.code !== 0) throw new Error(`buildah from ${ref} failed:\n${r.output}`);
    return new ImageContainer(name);
  }

  /** Runs `command` inside (the image's user and working directory, the host's network) until stopped. */
  start(label: string, command: readonly string[], opts: CommandOptions = {}): ImageCommand {
    const args = ['run', '--isolation', 'chroot', '--network', 'host'];
    for (const [k, v] of Object.entries(opts.env ?? {})) args.push('--env', `${k}=${v}`);
    for (const m of opts.mounts ?? []) args.push('--volume', `${m.from}:${m.to}:ro`);
    const cmd = new ImageCommand(label, spawn('buildah', [...args, this.name, '--', ...command], { detached: true }));
    this.running.add(cmd);
    return cmd;
  }

  /** Runs `command` to its end; throws with its output when it fails. */
  async exec(label: string, command: readonly string[], opts: CommandOptions = {}): Promise<string> {
    const cmd = this.start(label, command, opts);
    const code = await cmd.exited;
    this.running.delete(cmd);
    if (code !== 0) throw new Error(`${label} exited with ${code}:\n${cmd.tail()}`);
    return cmd.tail(200);
  }

  async remove(): Promise<void> {
    for (const cmd of this.running) await cmd.stop();
    await run('buildah', ['rm', this.name]);
  }
}

export interface CommandOptions {
  readonly env?: Readonly<Record<string, string>>;
  /** Host files mounted read-only. */
  readonly mounts?: readonly { from: string; to: string }[];
}

/** One command running in a container: its output lines, its exit. */
export class ImageCommand {
  readonly lines: string[] = [];
  readonly exited: Promise<number>;
  private done = false;

  constructor(
    readonly label: string,
    private readonly child: ChildProcess,
  ) {
    for (const stream of [child.stdout, child.stderr])
      if (stream) createInterface({ input: stream }).on('line', (line) => this.lines.push(line));
    this.exited = new Promise((resolve) =>
      child.on('close', (code) => {
        this.done = true;
        resolve(code ?? 1);
      }),
    );
  }

  /** Polls `url` until it answers as `ok` wants (200 by default), failing early when the command exits. */
  async waitFor(url: string, timeoutMs: number, ok: (status: number) => boolean = (s) => s === 200): Promise<void> {
    await eventually(`${this.label} to answer ${url}`, timeoutMs, async () => {
      if (this.done) throw new Error(`${this.label} exited:\n${this.tail()}`);
      const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      if (res !== undefined && ok(res.status)) return true;
      await new Promise((r) => setTimeout(r, 500));
      return undefined;
    });
  }

  /**
   * SIGTERM to the command's process group (buildah and, inside the chroot, the command it runs:
   * chroot isolation has no PID namespace to take them down together), then SIGKILL after 10 s.
   */
  async stop(): Promise<void> {
    if (this.done || this.child.pid === undefined) return;
    const pgid = this.child.pid;
    process.kill(-pgid, 'SIGTERM');
    const killed = setTimeout(() => !this.done && process.kill(-pgid, 'SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(killed);
  }

  tail(n = 30): string {
    return this.lines
      .slice(-n)
      .map((l) => `  ${this.label}: ${l}`)
      .join('\n');
  }
}
