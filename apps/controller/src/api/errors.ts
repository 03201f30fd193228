// The one place where failures from below become answers: the services' domain errors
// (src/errors.ts), account errors, Kubernetes refusals (KubeApiError, kube/errors.ts),
// unreachable API servers, bad kubeconfigs and Prisma errors get a code the client can branch on
// and a message a user can act on. `failureOf` decides; `toTRPCError` is that decision for the API
// (the procedures' middleware and the error formatter call it once), and the CLI turns the same
// codes into exit codes. Services and routers throw whatever they have.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { InvalidNameError } from '../auth/names';
import { AuthError } from '../auth/service';
import { DomainError, type DomainErrorKind } from '../errors';
import { asKubeApiError, KubeApiError } from '../kube/errors';

/** A failure as every boundary reports it; `cause` is the error it came from (logged, never shown). */
export interface Failure {
  readonly code: TRPC_ERROR_CODE_KEY;
  readonly message: string;
  readonly cause?: unknown;
}

/** What the client shows next to a field (the error formatter's `data.causes`). */
export interface ShownCause {
  readonly field: string;
  readonly message: string;
}

const codeByKind: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  'invalid-input': 'BAD_REQUEST',
  unprocessable: 'UNPROCESSABLE_CONTENT',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  precondition: 'PRECONDITION_FAILED',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  timeout: 'TIMEOUT',
};

const codeByAuthError: Record<AuthError['code'], TRPC_ERROR_CODE_KEY> = {
  exists: 'CONFLICT',
  'not-found': 'NOT_FOUND',
  'rate-limited': 'TOO_MANY_REQUESTS',
  'invalid-credentials': 'UNAUTHORIZED',
};

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

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Prisma's known request errors, matched by shape so this module needs no generated client. */
const prismaCodes: Record<string, { code: TRPC_ERROR_CODE_KEY; message: string }> = {
  P2002: { code: 'CONFLICT', message: 'a record with these values already exists' },
  P2025: { code: 'NOT_FOUND', message: 'the record does not exist (deleted meanwhile?)' },
  P2003: { code: 'CONFLICT', message: 'the record is still referenced by another one' },
  P1001: { code: 'SERVICE_UNAVAILABLE', message: 'cannot reach the database: check DATABASE_URL' },
  P1003: { code: 'SERVICE_UNAVAILABLE', message: 'the database does not exist: run `npx prisma migrate deploy`' },
  P2021: { code: 'SERVICE_UNAVAILABLE', message: 'the database has no such table: run `npx prisma migrate deploy`' },
};

export function failureOf(err: unknown): Failure {
  if (err instanceof DomainError) return { code: codeByKind[err.kind], message: err.message, cause: err };
  if (err instanceof AuthError) return { code: codeByAuthError[err.code], message: err.message, cause: err };
  if (err instanceof InvalidNameError) return { code: 'BAD_REQUEST', message: err.message, cause: err };
  const refused = asKubeApiError(err);
  if (refused !== undefined) return kubeFailure(refused);
  const prisma = prismaErrorOf(err);
  if (prisma !== undefined) return { ...prisma, cause: err };
  if (err instanceof Error) {
    if (err.name === 'KubeConfigError') return { code: 'PRECONDITION_FAILED', message: err.message, cause: err };
    if (err.name === 'KubeUnreachableError') return { code: 'SERVICE_UNAVAILABLE', message: err.message, cause: err };
    const netCode = (err as { code?: unknown }).code ?? (err.cause as { code?: unknown } | undefined)?.code;
    if (typeof netCode === 'string' && networkCodes.has(netCode)) {
      return {
        code: 'SERVICE_UNAVAILABLE',
        message: `cannot reach the Kubernetes API server (${netCode}): ${adviceByCode.SERVICE_UNAVAILABLE}`,
        cause: err,
      };
    }
    return { code: 'INTERNAL_SERVER_ERROR', message: err.message.split('\n')[0] ?? err.message, cause: err };
  }
  return { code: 'INTERNAL_SERVER_ERROR', message: String(err) };
}

export function toTRPCError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  const { code, message, cause } = failureOf(err);
  return new TRPCError({ code, message, cause });
}

/** The API server's HTTP status picks the code; the Status message says what, the advice what to do. */
function kubeFailure(err: KubeApiError): Failure {
  const what = err.status?.message ?? `the Kubernetes API answered HTTP ${err.code}`;
  // server-side apply answers 500 for a body with fields the kind's schema does not declare:
  // the request is at fault, not the server (found by resources/fuzz.int.test.ts)
  const undeclared = err.code === 500 && what.startsWith('failed to create typed patch object');
  const code = undeclared
    ? 'BAD_REQUEST'
    : (codeByHttpStatus[err.code] ?? (err.code >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'));
  // a server-side apply conflict is not solved by reloading: the user decides to take the fields over
  const applyConflict = err.code === 409 && what.startsWith('Apply failed with');
  const advice = applyConflict
    ? 'pass force: true to take ownership of these fields'
    : undeclared
      ? "remove the fields the kind's schema does not declare"
      : adviceByCode[code];
  return { code, message: advice === undefined ? what : `${what} (${advice})`, cause: err };
}

function prismaErrorOf(err: unknown): { code: TRPC_ERROR_CODE_KEY; message: string } | undefined {
  if (!(err instanceof Error) || !err.name.startsWith('PrismaClient')) return undefined;
  const code = (err as { code?: unknown; errorCode?: unknown }).code ?? (err as { errorCode?: unknown }).errorCode;
  if (typeof code === 'string' && prismaCodes[code] !== undefined) return prismaCodes[code];
  return {
    code: 'INTERNAL_SERVER_ERROR',
    message: `database error: ${err.message.split('\n').filter(Boolean).pop() ?? err.name}`,
  };
}

/** Field-level causes behind a failure (a domain error's own, a Kubernetes Status's), for the client to show at the fields. */
export function fieldCausesOf(err: unknown): ShownCause[] | undefined {
  const source = err instanceof TRPCError ? err.cause : err;
  const causes = source instanceof DomainError || source instanceof KubeApiError ? source.causes : [];
  if (causes.length === 0) return undefined;
  return causes.map((c) => ({ field: c.field ?? '', message: c.message ?? c.reason ?? '' }));
}
