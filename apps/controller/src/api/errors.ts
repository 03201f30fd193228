// One place where failures from below (Kubernetes Status errors, unreachable API servers,
// Prisma errors, bad kubeconfigs) become tRPC errors with a code the client can branch on and a
// message a user can act on. Routers throw whatever they get; the error formatter and the
// procedures' middleware call `toTRPCError` once.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/** The parts of a Kubernetes `Status` object we use. */
export interface KubeStatus {
  readonly message?: string;
  readonly reason?: string;
  readonly code?: number;
  readonly details?: { readonly name?: string; readonly kind?: string; readonly causes?: readonly { readonly field?: string; readonly message?: string; readonly reason?: string }[] };
}

/** Attached as the TRPCError's cause; the formatter copies `causes` into the response's data. */
export class KubeApiError extends Error {
  override readonly name = 'KubeApiError';
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly status: KubeStatus | undefined,
  ) {
    super(message);
  }
}

const codeByHttpStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  410: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

const adviceByCode: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  UNAUTHORIZED: 'the kubeconfig credentials were rejected: refresh them or choose another context',
  FORBIDDEN: "the controller's Kubernetes user lacks permission for this: grant it with RBAC",
  CONFLICT: 'the object changed or already exists: reload and try again',
  UNPROCESSABLE_CONTENT: 'fix the fields named above and try again',
  TOO_MANY_REQUESTS: 'the API server is throttling requests: try again shortly',
  SERVICE_UNAVAILABLE: 'is the cluster running? (`npx opstudio sandbox status`)',
};

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** Prisma's known request errors, matched by shape so this module needs no generated client. */
const prismaCodes: Record<string, { code: TRPC_ERROR_CODE_KEY; message: string }> = {
  P2002: { code: 'CONFLICT', message: 'a record with these values already exists' },
  P2025: { code: 'NOT_FOUND', message: 'the record does not exist (deleted meanwhile?)' },
  P2003: { code: 'CONFLICT', message: 'the record is still referenced by another one' },
  P1001: { code: 'SERVICE_UNAVAILABLE', message: 'cannot reach the database: check DATABASE_URL' },
  P1003: { code: 'SERVICE_UNAVAILABLE', message: 'the database does not exist: run `npx prisma migrate deploy`' },
  P2021: { code: 'SERVICE_UNAVAILABLE', message: 'the database has no such table: run `npx prisma migrate deploy`' },
};

export function toTRPCError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  const status = kubeStatusOf(err);
  if (status !== undefined) {
    const what = status.status?.message ?? `the Kubernetes API answered HTTP ${status.httpStatus}`;
    // server-side apply answers 500 for a body with fields the kind's schema does not declare:
    // the request is at fault, not the server (found by resources/fuzz.int.test.ts)
    const undeclared = status.httpStatus === 500 && what.startsWith('failed to create typed patch object');
    const code = undeclared ? 'BAD_REQUEST' : (codeByHttpStatus[status.httpStatus] ?? (status.httpStatus >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'));
    // a server-side apply conflict is not solved by reloading: the user decides to take the fields over
    const applyConflict = status.httpStatus === 409 && what.startsWith('Apply failed with');
    const advice = applyConflict ? 'pass force: true to take ownership of these fields' : undeclared ? "remove the fields the kind's schema does not declare" : adviceByCode[code];
    const message = advice === undefined ? what : `${what} (${advice})`;
    return new TRPCError({ code, message, cause: new KubeApiError(message, status.httpStatus, status.status) });
  }
  const prisma = prismaErrorOf(err);
  if (prisma !== undefined) return new TRPCError({ code: prisma.code, message: prisma.message, cause: err });
  if (err instanceof Error) {
    if (err.name === 'KubeConfigError') return new TRPCError({ code: 'PRECONDITION_FAILED', message: err.message, cause: err });
    if (err.name === 'KubeUnreachableError') return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: err.message, cause: err });
    const netCode = (err as { code?: unknown }).code ?? (err.cause as { code?: unknown } | undefined)?.code;
    if (typeof netCode === 'string' && networkCodes.has(netCode)) {
      return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: `cannot reach the Kubernetes API server (${netCode}): ${adviceByCode.SERVICE_UNAVAILABLE}`, cause: err });
    }
    return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: err.message.split('\n')[0] ?? err.message, cause: err });
  }
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: String(err) });
}

/** client-node's ApiException: `code` is the HTTP status, `body` the Status (JSON text or object). */
function kubeStatusOf(err: unknown): { httpStatus: number; status: KubeStatus | undefined } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; statusCode?: unknown; body?: unknown };
  const httpStatus = typeof e.code === 'number' ? e.code : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  if (httpStatus === undefined || httpStatus < 400 || httpStatus > 599) return undefined;
  let body: unknown = e.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      body = undefined;
    }
  }
  const isStatus = typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'Status';
  return { httpStatus, status: isStatus ? (body as KubeStatus) : undefined };
}

function prismaErrorOf(err: unknown): { code: TRPC_ERROR_CODE_KEY; message: string } | undefined {
  if (!(err instanceof Error) || !err.name.startsWith('PrismaClient')) return undefined;
  const code = (err as { code?: unknown; errorCode?: unknown }).code ?? (err as { errorCode?: unknown }).errorCode;
  if (typeof code === 'string' && prismaCodes[code] !== undefined) return prismaCodes[code];
  return { code: 'INTERNAL_SERVER_ERROR', message: `database error: ${err.message.split('\n').filter(Boolean).pop() ?? err.name}` };
}

/** Field-level causes of a Kubernetes validation error, for the client to show at the field. */
export function kubeCausesOf(err: TRPCError): { field: string; message: string }[] | undefined {
  const cause = err.cause;
  if (!(cause instanceof KubeApiError)) return undefined;
  const causes = cause.status?.details?.causes;
  if (causes === undefined || causes.length === 0) return undefined;
  return causes.map((c) => ({ field: c.field ?? '', message: c.message ?? c.reason ?? '' }));
}
