// A kubeconfig context name travels in URLs (/c/<context>/resources/…, docs/design/0035) and in
// API inputs, so it is checked here once. kubectl accepts any string as a context name; real ones
// look like `kind-kind`, `admin@prod`, `gke_proj_europe-west1_main` or an EKS ARN
// `arn:aws:eks:eu-west-1:123456789012:cluster/main` (with a slash). The studio accepts what a
// person can read and type: no control characters or line breaks, not `.`/`..` (a path segment
// that URL resolution would swallow), at most 253 characters.
// The URL segment is one canonical form per name (so a shared link and a cache key agree):
// encodeURIComponent with `:` and `@` left as they are (both allowed in a path segment by RFC 3986),
// so `admin@prod` stays readable and `/` becomes %2F. Decoding accepts any valid percent-encoding.
import { z } from 'zod';

export const KUBE_CONTEXT_NAME_MAX = 253;

/** Why a context name cannot be used in the studio, or undefined when it can. */
export function contextNameProblem(name: string): string | undefined {
  if (name === '') return 'the context name is empty';
  if (name.length > KUBE_CONTEXT_NAME_MAX) return `the context name is longer than ${KUBE_CONTEXT_NAME_MAX} characters`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name))
    return 'the context name holds a control character or line break';
  if (name === '.' || name === '..') return 'the context name cannot be "." or ".."';
  if (name.trim() !== name) return 'the context name starts or ends with a space';
  return undefined;
}

/** A context name as an API input: the same rule as contextNameProblem. */
export const kubeContextName = z.string({ error: 'pass the context name' }).superRefine((name, ctx) => {
  const problem = contextNameProblem(name);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/** The canonical URL path segment for a context name (the name must pass contextNameProblem). */
export function contextToPathSegment(name: string): string {
  return encodeURIComponent(name).replace(/%3A/g, ':').replace(/%40/g, '@');
}

/**
 * The context name in a URL path segment, or undefined when the segment is not a valid
 * percent-encoding of a usable name (a link someone edited by hand answers "no such cluster").
 */
export function contextFromPathSegment(segment: string): string | undefined {
  if (!/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/.test(segment)) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(segment);
  } catch {
    return undefined; // a percent-encoding that is not UTF-8
  }
  return contextNameProblem(name) === undefined ? name : undefined;
}
