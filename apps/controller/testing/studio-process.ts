// The whole studio controller as a process of its own, started the way a user starts it
// (`opstudio serve --port 0`): the HTTP API, the live subscription and the embedded
// controller-manager. What the replicas test starts twice on one database and kills. The manager
// alone is testing/manager-process.ts.
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '../src/config';
import { eventually } from './index';

export interface StudioProcessOptions {
  readonly kubeconfig: string;
  readonly databaseUrl: string;
  /** The namespace of the controller-manager's Lease (OPSTUDIO_LEASE_NAMESPACE): one per test keeps it unique. */
  readonly leaseNamespace: string;
}

interface LogLine {
  readonly at: number;
  readonly text: string;
}

/** A log line's message, its own fields after it as JSON (`successfully acquired lease {"identity":…}`). */
function parseRecord(line: string): { msg: string; text: string; url?: unknown } {
  try {
    const { level: _l, time: _t, component: _c, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
    if (typeof msg !== 'string') return { msg: line, text: line };
    const text = Object.keys(fields).length === 0 ? msg : `${msg} ${JSON.stringify(fields)}`;
    return { msg, text, url: fields.url };
  } catch {
    return { msg: line, text: line };
  }
}

/** One `opstudio serve` process, its log messages as they arrive, its URL and launch token. */
export class StudioProcess {
  readonly log: LogLine[] = [];
  private readonly child: ChildProcess;
  private readonly dataDir = mkdtempSync(path.join(tmpdir(), 'opstudio-replica-'));
  private listening: string | undefined;
  private exited = false;

  private constructor(
    readonly label: string,
    opts: StudioProcessOptions,
  ) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      OPSTUDIO_KUBECONFIG: opts.kubeconfig,
      DATABASE_URL: opts.databaseUrl,
      OPSTUDIO_LEASE_NAMESPACE: opts.leaseNamespace,
      OPSTUDIO_DATA_DIR: this.dataDir, // its own launch token file
    };
    for (const name of ['KUBECONFIG', 'OPSTUDIO_AUTH', 'OPSTUDIO_WEB_URL', 'OPSTUDIO_LAUNCH_TOKEN_FILE'])
      delete env[name];
    this.child = spawn(
      process.execPath,
      [path.join(repoRoot, 'apps/controller/bin/opstudio.js'), 'serve', '--host', '127.0.0.1', '--port', '0'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child.on('exit', () => (this.exited = true));
    // the log is JSON lines on stdout (piped: not a terminal); start-up errors are plain stderr lines
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      const record = parseRecord(line);
      if (record.msg.startsWith('listening on ') && typeof record.url === 'string') this.listening ??= record.url;
      this.log.push({ at: Date.now(), text: record.text });
    });
    createInterface({ input: this.child.stderr! }).on('line', (text) => this.log.push({ at: Date.now(), text }));
  }

  /** Starts `opstudio serve` and waits until it listens. */
  static async start(label: string, opts: StudioProcessOptions, timeoutMs = 90_000): Promise<StudioProcess> {
    const p = new StudioProcess(label, opts);
    await eventually(`${label} to listen`, timeoutMs, () => {
      if (p.exited) throw new Error(`${label} exited before listening:\n${p.tail()}`);
      return p.listening;
    });
    return p;
  }

  get url(): string {
    if (this.listening === undefined) throw new Error(`${this.label} is not listening`);
    return this.listening;
  }

  /** The launch token this start wrote (single-user mode): `Authorization: Bearer <token>`. */
  get token(): string {
    return readFileSync(path.join(this.dataDir, 'launch-token'), 'utf8').trim();
  }

  /** When this process logged taking the Lease (the leader elector's line), and the identity it took it as. */
  leading(): { at: number; identity: string } | undefined {
    for (const line of this.log) {
      const m = /^successfully acquired lease (\{.*\})$/.exec(line.text);
      if (m?.[1] !== undefined) return { at: line.at, identity: (JSON.parse(m[1]) as { identity: string }).identity };
    }
    return undefined;
  }

  /** The last log lines, for a failure's message. */
  tail(n = 20): string {
    return this.log
      .slice(-n)
      .map((l) => `  ${this.label}: ${l.text}`)
      .join('\n');
  }

  /** Sends `signal` and waits for the exit (SIGKILL: a crash, the Lease is not released). */
  async kill(signal: NodeJS.Signals): Promise<void> {
    if (!this.exited) {
      const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill(signal);
      await gone;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
