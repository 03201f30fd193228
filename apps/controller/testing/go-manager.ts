// The exported Go manager of one design, run against the test sandbox next to the embedded
// controller: scaffoldProject → a temp dir → `go build` (the shared module and build caches, see
// export/go-check.ts) → its CRD installed as the export writes it (no studio label, so no embedded
// controller picks it up) → the binary started with a free health-probe port, ready once /readyz
// answers. stop() is safe at any point of start(): it deletes the kind's custom resources while
// the manager still runs (its finalizer), then stops the process it spawned, the CRD and the dir.
// With `sharedKind` it reconciles the studio's own installed kind instead (the hand-off test,
// docs/design/0030): no CRD is created or deleted, and `--studio-lease-namespace` names where the
// studio keeps the kind's hand-off Lease; `runUntilExit()` runs a manager expected to refuse.
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { parse as parseYaml } from 'yaml';
import { fullGroup, resolveNames } from '@opstudio/shared/design/names';
import type { Design } from '@opstudio/shared/design/schema';
import { scaffoldProject } from '@opstudio/shared/scaffold/scaffold';
import { goEnv } from '../src/export/go-check';
import { writeTree } from '../src/export/write-tree';
import { KubeJson } from '../src/kube/json-client';
import type { InstalledKind } from './design-fixture';
import { eventually, kubeconfigPath } from './index';
import { loadCel } from '@opstudio/cel/node';

// a graph's export reads what each child reads from the CEL engine
await loadCel();

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface GoManagerOptions {
  /** Run against the studio's installed (labelled) CRD of this design: create and delete no CRD or CR. */
  readonly sharedKind?: boolean;
  /** The studio's Lease namespace (the manager's --studio-lease-namespace; default "default"). */
  readonly studioLeaseNamespace?: string;
  /** More flags for the manager (the conversion webhook's certificate directory, say). */
  readonly args?: readonly string[];
}

export class GoManager {
  readonly kind: InstalledKind;
  /** Seconds `go build` took, once start() got that far. */
  buildSeconds = NaN;
  private readonly kube: KubeJson;
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'opstudio-go-manager-'));
  private readonly files: ReadonlyMap<string, string>;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private crdCreated = false;
  private output = '';
  /** Every line of its log about the hand-off Lease (internal/handoff), kept however long the log grows. */
  readonly handOffLines: string[] = [];

  constructor(
    kc: KubeConfig,
    design: Design,
    private readonly options: GoManagerOptions = {},
  ) {
    this.kube = new KubeJson(kc);
    this.files = scaffoldProject(design).files;
    const names = resolveNames(design.crd.names);
    const version = design.crd.versions.find((v) => v.storage)?.name ?? 'v1alpha1';
    const group = fullGroup(design);
    this.kind = { group, version, plural: names.plural, kind: names.kind, crdName: `${names.plural}.${group}`, design };
  }

  /** The exit code or signal of the manager it started, once that process ended; undefined while it runs. */
  get exit(): string | undefined {
    const c = this.child;
    if (c === undefined || (c.exitCode === null && c.signalCode === null)) return undefined;
    return c.exitCode !== null ? `code ${c.exitCode}` : `signal ${c.signalCode}`;
  }

  /** The manager's log, its last `chars` characters. */
  log(chars = 6000): string {
    return this.output.slice(-chars);
  }

  async start(): Promise<void> {
    await this.build();
    await this.run();
  }

  /** Writes the project, installs its CRD (unless sharedKind) and builds bin/manager. */
  async build(): Promise<void> {
    writeTree(this.dir, this.files);
    const crdPath = [...this.files.keys()].find((p) => p.startsWith('config/crd/bases/'));
    if (crdPath === undefined) throw new Error('the export has no CRD under config/crd/bases');
    const crd = parseYaml(this.files.get(crdPath)!) as { metadata: { name: string } };
    if (crd.metadata.name !== this.kind.crdName) throw new Error(`unexpected CRD name ${crd.metadata.name}`);
    if (this.options.sharedKind !== true) {
      await this.kube.request({ method: 'POST', path: CRDS, body: crd });
      this.crdCreated = true;
    }
    const started = Date.now();
    await this.go(['build', '-o', 'bin/manager', './cmd/main.go']);
    this.buildSeconds = (Date.now() - started) / 1000;
    await eventually(`CRD ${this.kind.crdName} Established`, 30_000, async () => {
      const c = await this.kube.request<{ status?: { conditions?: { type: string; status: string }[] } }>({
        method: 'GET',
        path: `${CRDS}/${this.kind.crdName}`,
      });
      return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True') ? true : undefined;
    });
  }

  /** Starts the built manager; ready once /readyz answers. */
  async run(): Promise<void> {
    const { child, probePort } = await this.spawnManager();
    await eventually(`the ${this.kind.kind} Go manager to be ready`, 60_000, async () => {
      if (child.exitCode !== null) throw new Error(`the Go manager exited (${child.exitCode}):\n${this.log()}`);
      const ok = await fetch(`http://127.0.0.1:${probePort}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      return ok ? true : undefined;
    });
  }

  /** Starts the built manager and waits for it to exit on its own (a refusal): its code and stderr. */
  async runUntilExit(timeoutMs = 60_000): Promise<{ code: number | null; stderr: string }> {
    const { child } = await this.spawnManager();
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs)),
    ]);
    if (!exited) {
      child.kill('SIGKILL');
      throw new Error(`the Go manager did not exit within ${timeoutMs} ms:\n${this.log()}`);
    }
    return { code: child.exitCode, stderr };
  }

  private async spawnManager(): Promise<{ child: ChildProcess; probePort: number }> {
    const probePort = await freePort();
    const leaseNs = this.options.studioLeaseNamespace;
    const child = spawn(
      path.join(this.dir, 'bin', 'manager'),
      [
        '--metrics-bind-address=0',
        `--health-probe-bind-address=127.0.0.1:${probePort}`,
        // on a kind of its own it still takes that kind's hand-off Lease, as `make run` does (and
        // must survive an API server outage with it: apiserver-outage.int.test.ts)
        ...(leaseNs !== undefined ? [`--studio-lease-namespace=${leaseNs}`] : []),
        ...(this.options.args ?? []),
      ],
      {
        cwd: this.dir,
        env: goEnv({ KUBECONFIG: path.resolve(kubeconfigPath ?? '') }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const keep = (d: Buffer) => {
      this.output = `${this.output}${d.toString()}`.slice(-40_000);
      for (const line of d.toString().split('\n')) if (line.includes('hand-off Lease')) this.handOffLines.push(line);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return { child, probePort };
  }

  /** Waits for the running manager to exit on its own: its exit, or undefined after timeoutMs. */
  async waitForExit(timeoutMs: number): Promise<string | undefined> {
    await Promise.race([this.exited, new Promise((r) => setTimeout(r, timeoutMs))]);
    return this.exit;
  }

  /** Stops the running manager (SIGTERM, then SIGKILL after 10 s); it releases the hand-off Lease. */
  async stopProcess(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
    ]);
    if (!stopped) child.kill('SIGKILL');
  }

  /** Deletes the kind's CRs (the manager runs their finalizer), stops the manager, removes the CRD and the dir. */
  async stop(): Promise<void> {
    const all = `/apis/${this.kind.group}/${this.kind.version}/${this.kind.plural}`;
    type List = { items: { metadata: { name: string; namespace?: string } }[] };
    const list = () => this.kube.request<List>({ method: 'GET', path: all }).catch((): List => ({ items: [] }));
    if (this.crdCreated) {
      const crs = (await list()).items;
      for (const cr of crs)
        await this.kube
          .request({ method: 'DELETE', path: this.crPath(cr.metadata.namespace, cr.metadata.name) })
          .catch(() => undefined);
      await eventually(`the ${this.kind.kind} CRs deleted`, 30_000, async () =>
        (await list()).items.length === 0 ? true : undefined,
      ).catch(() => undefined);
    }
    await this.stopProcess();
    if (this.crdCreated) {
      for (const cr of (await list()).items)
        // left behind: no controller runs their finalizer any more
        await this.kube
          .request({
            method: 'PATCH',
            path: this.crPath(cr.metadata.namespace, cr.metadata.name),
            body: { metadata: { finalizers: null } },
            contentType: 'application/merge-patch+json',
          })
          .catch(() => undefined);
      await this.kube.request({ method: 'DELETE', path: `${CRDS}/${this.kind.crdName}` }).catch(() => undefined);
      // the released hand-off Lease it took (internal/handoff), named after its own CRD
      const ns = this.options.studioLeaseNamespace ?? 'default';
      await this.kube
        .request({
          method: 'DELETE',
          path: `/apis/coordination.k8s.io/v1/namespaces/${ns}/leases/${this.kind.crdName}`,
        })
        .catch(() => undefined);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private crPath(namespace: string | undefined, name: string): string {
    const where = namespace === undefined || namespace === '' ? '' : `/namespaces/${namespace}`;
    return `/apis/${this.kind.group}/${this.kind.version}${where}/${this.kind.plural}/${name}`;
  }

  private go(args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const p = spawn('go', args, { cwd: this.dir, env: goEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      p.stdout.on('data', (d: Buffer) => (out += d.toString()));
      p.stderr.on('data', (d: Buffer) => (out += d.toString()));
      p.once('error', reject);
      p.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`go ${args.join(' ')} failed (${code}):\n${out.slice(-4000)}`)),
      );
    });
  }
}
