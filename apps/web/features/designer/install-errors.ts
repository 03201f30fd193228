// What an install refusal means for the designer: field causes (the API server's dry run,
// local validation on the server, breaking changes) become issues at design paths; a
// breaking-change refusal (412) asks for confirmation instead.
import { isTRPCClientError } from '@trpc/client';
import type { Issue } from '@opstudio/shared';

export interface InstallRefusal {
  readonly message: string;
  readonly status: number | undefined;
  readonly causes: readonly Issue[];
  /** The server wants an explicit confirmation of breaking changes. */
  readonly needsConfirmation: boolean;
}

export function installRefusal(err: unknown): InstallRefusal {
  if (!isTRPCClientError(err))
    return {
      message: err instanceof Error ? err.message : String(err),
      status: undefined,
      causes: [],
      needsConfirmation: false,
    };
  const data = err.data as { httpStatus?: number; causes?: { field?: string; message?: string }[] } | undefined;
  const causes = (data?.causes ?? []).map((c): Issue => ({
    path: c.field ?? '',
    message: `API server: ${c.message ?? 'invalid'}`,
    severity: 'error',
  }));
  return { message: err.message, status: data?.httpStatus, causes, needsConfirmation: data?.httpStatus === 412 };
}
