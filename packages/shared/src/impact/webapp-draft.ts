// The Web app example's draft of issue 31's acceptance, and live WebApps to plan it against:
// shared by the unit test, the benchmark and the sandbox tests, so all three check the same change.
import type { Design } from '../design/schema';
import type { KubeObject } from '../graph/model';

export interface DraftChanges {
  /** the container image becomes `mirror.example.com/<spec.image>` (default true) */
  readonly image?: boolean;
  /** the Ingress child is removed (default true) */
  readonly ingress?: boolean;
  /** spec.port's minimum (default 1024; the example's is 1) */
  readonly portMinimum?: number;
  /** a new required field spec.tier without a default */
  readonly requireTier?: boolean;
}

type Node = { name: string; fields?: Node[]; required?: boolean; minimum?: number | bigint; type?: string };

/** A copy of the Web app design with the draft's changes. */
export function webappDraft(design: Design, changes: DraftChanges = {}): Design {
  const draft = structuredClone(design);
  const version = draft.crd.versions[0]!;
  const spec = (version.schema as unknown as { fields: Node[] }).fields.find((f) => f.name === 'spec')!;
  const port = spec.fields!.find((f) => f.name === 'port')!;
  port.minimum = changes.portMinimum ?? 1024;
  if (changes.requireTier === true) spec.fields!.push({ name: 'tier', type: 'string', required: true });
  const resources = draft.operand!.resources!;
  if (changes.image !== false) {
    const dep = resources.find((r) => r.id === 'deployment')!.template as unknown as {
      spec: { template: { spec: { containers: { image: string }[] } } };
    };
    dep.spec.template.spec.containers[0]!.image = "${'mirror.example.com/' + self.spec.image}";
  }
  if (changes.ingress !== false) draft.operand!.resources = resources.filter((r) => r.id !== 'ingress');
  return draft;
}

export interface WebappsOptions {
  /** the first n get port 80, below the draft's minimum */
  readonly lowPorts?: number;
  /** every n-th (from the n-th on) gets a host, so the installed design gives it an Ingress */
  readonly hostEvery?: number;
  readonly namespace?: string;
  readonly apiVersion?: string;
}

/** `n` WebApps as the API server returns them (defaults filled in, a uid and resourceVersion each). */
export function webapps(n: number, opts: WebappsOptions = {}): KubeObject[] {
  return Array.from({ length: n }, (_, i) => {
    const name = `web-${String(i).padStart(3, '0')}`;
    const hosted = opts.hostEvery !== undefined && i > 0 && i % opts.hostEvery === 0;
    return {
      apiVersion: opts.apiVersion ?? 'web.example.com/v1alpha1',
      kind: 'WebApp',
      metadata: {
        name,
        namespace: opts.namespace ?? 'default',
        uid: `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`,
        resourceVersion: String(1000 + i),
      },
      spec: {
        image: 'nginx:1.27',
        replicas: 1,
        port: i < (opts.lowPorts ?? 0) ? 80 : 8080,
        greeting: 'hello',
        ...(hosted ? { host: `${name}.example.com` } : {}),
      },
    };
  });
}
