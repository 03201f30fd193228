// Refusals that point at fields: a TRPCError whose `data.causes` (added by the error formatter in
// trpc.ts) lists `{field, message}` pairs the UI can put next to the input. The cause carrier is
// the same `KubeApiError` the formatter already reads for the API server's own field errors, so
// design validation, breaking-change refusals and server-side dry-run errors reach the client in
// one shape.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { KubeApiError } from './errors';

export interface FieldCause {
  readonly field: string;
  readonly message: string;
  readonly reason?: string;
}

const httpStatusOf: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  UNPROCESSABLE_CONTENT: 422,
  TIMEOUT: 408,
};

/** `what` is the whole one-line message; `causes` go to `data.causes`, the first few also into the message. */
export function fieldError(code: TRPC_ERROR_CODE_KEY, what: string, causes: readonly FieldCause[] = []): TRPCError {
  const shown = causes.slice(0, 3).map((c) => (c.field === '' ? c.message : `${c.field}: ${c.message}`));
  const more = causes.length > shown.length ? ` (and ${causes.length - shown.length} more)` : '';
  const message = shown.length === 0 ? what : `${what}: ${shown.join('; ')}${more}`;
  const status = { message, code: httpStatusOf[code] ?? 400, details: { causes: causes.map((c) => ({ field: c.field, message: c.message, reason: c.reason })) } };
  return new TRPCError({ code, message, cause: new KubeApiError(message, status.code, status) });
}
