// The one cap on request bodies, enforced by the controller (before a byte is read) and by the
// web app's proxy (so the browser gets the same answer, not a broken connection). Real CRDs are
// large: kyverno's ClusterPolicy (1.4 MB) imports to a 1.1 MB design, so the default leaves room
// for several times that; OPSTUDIO_MAX_BODY_BYTES changes it for both processes.
export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;
export const BODY_LIMIT_SETTING = 'OPSTUDIO_MAX_BODY_BYTES';

/** `1.1 MiB`, `512 KiB`, `900 bytes`: sizes as a person reads them. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${n} bytes`;
}

/** The refusal text for a body of `size` bytes (a number, or what the client declared). */
export function bodyTooLargeMessage(size: number | string, limit: number): string {
  const shown = typeof size === 'number' ? formatBytes(size) : `${size.slice(0, 30)} bytes`;
  return `request body too large (${shown}): the limit is ${formatBytes(limit)} (${BODY_LIMIT_SETTING})`;
}

/** The cap from the environment's OPSTUDIO_MAX_BODY_BYTES, or the default. */
export function bodyLimitFrom(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 1024 ? n : DEFAULT_BODY_LIMIT;
}
