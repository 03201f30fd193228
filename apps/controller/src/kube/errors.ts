// A refusal from the API server has one shape in the controller: KubeApiError, carrying the HTTP
// status, the Kubernetes `Status` the server sent (reason, message, field causes) and the request
// it answered. KubeJson throws it; client-node's typed clients throw their own ApiException, which
// `asKubeApiError` turns into it, so readers (api/errors.ts, the RBAC wording, the reconciler's
// "already gone") ask one question whichever client made the call.
import { ApiException } from '@kubernetes/client-node';

/** A field-level problem in a Status (`spec.size: Invalid value`, an apply conflict). */
export interface KubeStatusCause {
  readonly field?: string;
  readonly message?: string;
  readonly reason?: string;
}

/** The parts of a Kubernetes `Status` object the studio reads. */
export interface KubeStatus {
  readonly kind?: string;
  readonly message?: string;
  readonly reason?: string;
  readonly code?: number;
  readonly details?: {
    readonly name?: string;
    readonly kind?: string;
    readonly causes?: readonly KubeStatusCause[];
  };
}

export interface KubeApiErrorInit {
  /** The HTTP status. */
  readonly code: number;
  readonly status?: KubeStatus | undefined;
  readonly request?: { readonly verb: string; readonly path: string } | undefined;
  /** The call in words (`apply Deployment x`): the message then reads `<what>: <server's message> (<code>)`. */
  readonly what?: string | undefined;
  /** Seconds, from a 429's Retry-After header. */
  readonly retryAfter?: number | undefined;
}

export class KubeApiError extends Error {
  override readonly name = 'KubeApiError';
  /** The HTTP status (kept as `code`, the field client-node and audit's refusal check read). */
  readonly code: number;
  readonly status: KubeStatus | undefined;
  readonly request: { readonly verb: string; readonly path: string } | undefined;
  readonly retryAfter: number | undefined;

  constructor(init: KubeApiErrorInit, options?: ErrorOptions) {
    super(messageOf(init), options);
    this.code = init.code;
    this.status = init.status;
    this.request = init.request;
    this.retryAfter = init.retryAfter;
  }

  /** The Status reason (`NotFound`, `AlreadyExists`, `Invalid`, `Conflict`, …), if the server sent one. */
  get reason(): string | undefined {
    return this.status?.reason;
  }

  /** The field causes of the Status (validation errors, apply conflicts). */
  get causes(): readonly KubeStatusCause[] {
    return this.status?.details?.causes ?? [];
  }
}

function messageOf({ code, status, request, what }: KubeApiErrorInit): string {
  if (what !== undefined) return `${what}: ${status?.message || `HTTP ${code}`} (${code})`;
  if (status?.message !== undefined) return status.message;
  return request === undefined
    ? `the Kubernetes API answered HTTP ${code}`
    : `${request.verb} ${request.path} answered HTTP ${code}`;
}

/** A `Status` out of a response body (JSON text or parsed), if it is one. */
export function statusOf(body: unknown): KubeStatus | undefined {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const isStatus = typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
  return isStatus ? (value as KubeStatus) : undefined;
}

/**
 * The one conversion at the kube/ boundary: a KubeApiError as is, client-node's ApiException (HTTP
 * status in `code`, the Status as body) as a KubeApiError; anything else is not an API refusal.
 */
export function asKubeApiError(err: unknown, what?: string): KubeApiError | undefined {
  if (err instanceof KubeApiError) return err;
  if (!(err instanceof ApiException) || typeof err.code !== 'number' || err.code < 400 || err.code > 599)
    return undefined;
  const retryAfter = Number((err.headers as Record<string, string> | undefined)?.['retry-after']);
  return new KubeApiError(
    {
      code: err.code,
      status: statusOf(err.body),
      what,
      retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
    },
    { cause: err },
  );
}

/** The HTTP status of an API refusal, whichever client made the call. */
export const kubeStatusCode = (err: unknown): number | undefined => asKubeApiError(err)?.code;

export const isNotFound = (err: unknown): boolean => kubeStatusCode(err) === 404;
