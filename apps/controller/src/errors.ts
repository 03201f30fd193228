// What a service says when it refuses: its own errors, in the studio's words, never a protocol's.
// The boundaries translate them once: api/errors.ts to tRPC codes (and the CLI's exit codes through
// it), export/http.ts to HTTP statuses. Each message is the whole answer a user sees, so it says
// what to do next; field-level causes travel beside it for the UI to put next to the inputs.

/** A problem at one field of the input (`field` empty: the input as a whole). */
export interface FieldCause {
  readonly field: string;
  readonly message: string;
  readonly reason?: string | undefined;
}

/** What kind of refusal: the boundary picks its code from this alone. */
export const domainErrorKinds = [
  'invalid-input',
  'unprocessable',
  'not-found',
  'conflict',
  'precondition',
  'unauthenticated',
  'forbidden',
  'timeout',
] as const;
export type DomainErrorKind = (typeof domainErrorKinds)[number];

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** Field-level problems (Kubernetes Status calls them causes); the first three are also in the message. */
  readonly causes: readonly FieldCause[];

  /** `what`: the whole one-line message when there are no causes. */
  constructor(what: string, causes: readonly FieldCause[] = [], options?: ErrorOptions) {
    super(withCauses(what, causes), options);
    this.causes = causes;
  }
}

function withCauses(what: string, causes: readonly FieldCause[]): string {
  const shown = causes.slice(0, 3).map((c) => (c.field === '' ? c.message : `${c.field}: ${c.message}`));
  const more = causes.length > shown.length ? ` (and ${causes.length - shown.length} more)` : '';
  return shown.length === 0 ? what : `${what}: ${shown.join('; ')}${more}`;
}

/** The input is malformed or names something impossible: fix it and send again. */
export class InvalidInputError extends DomainError {
  override readonly name = 'InvalidInputError';
  readonly kind = 'invalid-input';
}

/** The input is well-formed but the cluster would not accept it (a refused dry run). */
export class UnprocessableError extends DomainError {
  override readonly name = 'UnprocessableError';
  readonly kind = 'unprocessable';
}

export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  readonly kind = 'not-found';
}

/** Clashes with what exists (a taken name, a reused id, a change made meanwhile). */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
  readonly kind = 'conflict';
}

/** Refused until something else changes first or the user confirms (uninstall first, breaking changes). */
export class PreconditionError extends DomainError {
  override readonly name = 'PreconditionError';
  readonly kind = 'precondition';
}

/** Nobody is signed in (or the session ended). */
export class UnauthenticatedError extends DomainError {
  override readonly name = 'UnauthenticatedError';
  readonly kind = 'unauthenticated';
}

/** Signed in, but not allowed: a studio role or Kubernetes RBAC says no. */
export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
  readonly kind = 'forbidden';
}

/** Waited for the cluster to reach a state and it did not in time; the message says what was pending. */
export class TimedOutError extends DomainError {
  override readonly name = 'TimedOutError';
  readonly kind = 'timeout';
}
