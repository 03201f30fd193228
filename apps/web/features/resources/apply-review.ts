// The apply dialog's states (docs/design/0032-apply-diff.md): asking the server for a dry run,
// the diff it answered, a refusal, or a conflict with a change made meanwhile. Pure: the YAML
// both sides show and the changed-paths summary are made here from the two objects.
import { changeText, objectChanges } from '@opstudio/shared/resources/object-changes';
import { reviewObject } from '@opstudio/shared/resources/review-object';
import { emitYaml } from '@opstudio/shared/yaml/index';
import type { YamlValue } from '@opstudio/shared/yaml/index';

export type ApplyReview =
  | { readonly step: 'checking' }
  | {
      readonly step: 'diff';
      readonly before: string;
      readonly after: string;
      /** `spec.size: 3 → 5`, one per changed field; empty: the apply would change nothing */
      readonly changes: readonly string[];
      readonly sending: boolean;
      readonly error: string | null;
    }
  | { readonly step: 'refused'; readonly message: string }
  | {
      readonly step: 'conflict';
      /** fields changed between the version edited from and the live one */
      readonly meanwhile: readonly string[];
      /** the user's edits to fields in that list */
      readonly collisions: readonly string[];
    };

/** `before` null: a create (compared with nothing). */
export function diffReview(before: unknown, after: unknown): ApplyReview {
  const left = before === null ? null : reviewObject(before);
  const right = reviewObject(after);
  const yaml = (doc: Record<string, unknown> | null) =>
    doc === null ? '' : emitYaml(doc as YamlValue, { keepKeyOrder: true });
  return {
    step: 'diff',
    before: yaml(left),
    after: yaml(right),
    changes: objectChanges(left ?? {}, right).map(changeText),
    sending: false,
    error: null,
  };
}

/** A failed request's message as the dialog shows it (the controller already made it one a user can act on). */
export const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
