/**
 * What the controller wants to exist for one CR: the operand Deployment, as kubebuilder's
 * deploy-image plugin builds it (`deploymentForMemcached` in its testdata): named after the CR,
 * `replicas` from the size field, one container with the operand's image, command and port, the
 * restricted pod security settings, and a controller owner reference to the CR.
 *
 * Two deliberate differences from the scaffold, both about the label selector:
 *  - the selector leaves out `app.kubernetes.io/version` (the image tag): a selector is immutable,
 *    and this controller applies the Deployment on every reconcile, so a new image tag would
 *    otherwise be rejected (kubebuilder only sets it on create and never notices);
 *  - labels and selector add `app.kubernetes.io/instance: <CR name>`: with kubebuilder's labels
 *    alone, two CRs in one namespace select each other's pods.
 * The input is a small self-contained shape, mapped from the design by the caller.
 */
import type { Container, Deployment } from './types';

export interface CustomResource {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly namespace: string; readonly uid: string };
  readonly spec?: unknown;
}

export interface OperandSettings {
  readonly image: string;
  /** The container's command, whole (the tutorial puts the arguments in `command` too). */
  readonly command?: readonly string[];
  /** Dotted path of the replica count, e.g. `spec.size` (the `spec.` prefix is optional). Absent → 1 replica. */
  readonly replicasField?: string;
  /** Dotted path of the container port, e.g. `spec.containerPort`. */
  readonly portField?: string;
  readonly runAsUser?: number;
}

export interface DesiredDeploymentInput {
  readonly cr: CustomResource;
  readonly operand: OperandSettings;
  /** The project name, kubebuilder's `app.kubernetes.io/name`. */
  readonly projectName: string;
}

/** The CR's spec cannot be turned into a Deployment; the reconciler reports it (Degraded) and does not retry. */
export class DesiredStateError extends Error {
  override readonly name = 'DesiredStateError';
  readonly reason = 'InvalidSpec';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const MAX_INT32 = 2_147_483_647;

export function desiredDeployment({ cr, operand, projectName }: DesiredDeploymentInput): Deployment {
  const { name, namespace, uid } = cr.metadata;
  const lowerKind = cr.kind.toLowerCase();
  const replicas = operand.replicasField === undefined ? 1 : readInteger(cr, operand.replicasField, 0, MAX_INT32, 0);
  const port = operand.portField === undefined ? undefined : readInteger(cr, operand.portField, 1, 65_535, undefined);
  const version = imageTag(operand.image);
  const selector: Record<string, string> = {
    'app.kubernetes.io/name': labelValue(projectName),
    'app.kubernetes.io/instance': labelValue(name),
    'app.kubernetes.io/managed-by': labelValue(`${cr.kind}Controller`),
  };
  const labels: Record<string, string> = {
    ...selector,
    ...(version !== undefined ? { 'app.kubernetes.io/version': version } : {}),
  };
  const container: Container = {
    name: dnsLabel(lowerKind),
    image: operand.image,
    imagePullPolicy: 'IfNotPresent',
    securityContext: {
      runAsNonRoot: true,
      ...(operand.runAsUser !== undefined ? { runAsUser: operand.runAsUser } : {}),
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    },
    ...(port !== undefined ? { ports: [{ containerPort: port, name: portName(lowerKind) }] } : {}),
    ...(operand.command !== undefined && operand.command.length > 0 ? { command: [...operand.command] } : {}),
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name,
      namespace,
      labels,
      ownerReferences: [
        { apiVersion: cr.apiVersion, kind: cr.kind, name, uid, controller: true, blockOwnerDeletion: true },
      ],
    },
    spec: {
      replicas,
      selector: { matchLabels: selector },
      template: {
        metadata: { labels },
        spec: {
          securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
          containers: [container],
        },
      },
    },
  };
}

/** Reads an integer at a dotted path under the CR (`spec.` implied); `absent` when unset. */
function readInteger<A>(cr: CustomResource, path: string, min: number, max: number, absent: A): number | A {
  const full = path.startsWith('spec.') ? path : `spec.${path}`;
  let value: unknown = cr;
  for (const part of full.split('.')) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (value === undefined || value === null) return absent;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new DesiredStateError(
      full,
      `${full} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}: fix it in the ${cr.kind} ${cr.metadata.name}`,
    );
  }
  return value;
}

/** The tag of an image reference (`memcached:1.6.26-alpine3.19` → `1.6.26-alpine3.19`), if it is a valid label value. */
export function imageTag(image: string): string | undefined {
  const withoutDigest = image.split('@')[0] ?? '';
  const lastSegment = withoutDigest.slice(withoutDigest.lastIndexOf('/') + 1);
  const colon = lastSegment.indexOf(':');
  if (colon < 0) return undefined;
  const tag = lastSegment.slice(colon + 1);
  return isLabelValue(tag) ? tag : undefined;
}

function isLabelValue(s: string): boolean {
  return s.length <= 63 && /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/.test(s);
}

/** A valid label value: as is when it is one, else cleaned and cut, with a hash so distinct inputs stay distinct. */
export function labelValue(s: string): string {
  if (isLabelValue(s)) return s;
  const cleaned = s
    .replace(/[^-A-Za-z0-9_.]/g, '-')
    .slice(0, 54)
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
  return `${cleaned}${cleaned === '' ? '' : '-'}${fnv1a(s)}`;
}

/** A container name (DNS-1123 label). */
function dnsLabel(s: string): string {
  const cleaned = s
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
  return cleaned === '' ? 'operand' : cleaned;
}

/** A port name (IANA service name: ≤ 15 characters, a letter, no double hyphens). */
function portName(s: string): string {
  const cleaned = s
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-{2,}/g, '-')
    .slice(0, 15)
    .replace(/^-+|-+$/g, '');
  return /[a-z]/.test(cleaned) ? cleaned : 'operand';
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
