// What the CR page lets you edit (labels, annotations, spec) and the patch that Apply sends.
// Pure, so the form ↔ YAML round trip and the patch are tested without a browser.
import { mergePatchOf } from '@opstudio/shared/resources/merge-patch';
import type { Editable } from '@opstudio/shared/resources/editable';

export { editableOf, type Editable } from '@opstudio/shared/resources/editable';

export type PatchPlan =
  | { readonly kind: 'none' }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'patch'; readonly patch: Record<string, unknown> };

const IDENTITY: readonly (readonly string[])[] = [
  ['apiVersion'],
  ['kind'],
  ['metadata', 'name'],
  ['metadata', 'namespace'],
];
const EDITABLE_METADATA = new Set(['name', 'namespace', 'labels', 'annotations']);

/** The merge patch from the live object's editable part to the draft, or why there is none. */
export function planPatch(base: Editable, draft: Editable): PatchPlan {
  for (const path of IDENTITY) {
    const get = (o: Editable) =>
      path.reduce<unknown>(
        (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
        o,
      );
    if (get(base) !== get(draft))
      return {
        kind: 'invalid',
        message: `${path.join('.')} cannot change (it is "${String(get(base))}"): create a new object instead`,
      };
  }
  const meta = draft.metadata;
  if (meta !== null && typeof meta === 'object') {
    const extra = Object.keys(meta).filter((k) => !EDITABLE_METADATA.has(k));
    if (extra.length > 0)
      return {
        kind: 'invalid',
        message: `metadata.${extra[0]} is not edited here: only labels and annotations (and the spec) are`,
      };
  }
  const extraTop = Object.keys(draft).filter((k) => !['apiVersion', 'kind', 'metadata', 'spec'].includes(k));
  if (extraTop.length > 0)
    return { kind: 'invalid', message: `${extraTop[0]} is not edited here: the controller owns status; edit the spec` };
  const patch = mergePatchOf(base, draft);
  if (patch === undefined || patch === null || typeof patch !== 'object' || Array.isArray(patch))
    return { kind: 'none' };
  return { kind: 'patch', patch };
}
