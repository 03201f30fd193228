// A label selector as metav1.LabelSelector has it (matchLabels and matchExpressions), the grammar
// of label keys and values (k8s.io/apimachinery/pkg/util/validation), and whether an object's
// labels match, as labels.Selector.Matches decides. An external reference lists by it; its keys
// are fixed, its values may be `${…}` over `self` (checked as label values once rendered).
import { z } from 'zod';
import { isDns1123Subdomain } from '../kube/names';

export const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const NAME_MAX = 63;

/** Why `key` is not a label key (`app`, `example.com/tier`), or undefined. */
export function labelKeyProblem(key: string): string | undefined {
  const slash = key.indexOf('/');
  const [prefix, name] = slash === -1 ? [undefined, key] : [key.slice(0, slash), key.slice(slash + 1)];
  const ok = (prefix === undefined || isDns1123Subdomain(prefix)) && name.length <= NAME_MAX && NAME.test(name);
  return ok
    ? undefined
    : `${JSON.stringify(key)} is not a label key: an optional DNS subdomain and '/', then at most ${NAME_MAX} letters, digits, '-', '_' or '.', starting and ending with a letter or digit`;
}

/** Why `value` is not a label value, or undefined (empty is a value). */
export function labelValueProblem(value: string): string | undefined {
  return value === '' || (value.length <= NAME_MAX && NAME.test(value))
    ? undefined
    : `${JSON.stringify(value)} is not a label value: at most ${NAME_MAX} letters, digits, '-', '_' or '.', starting and ending with a letter or digit`;
}

const fixedKey = z.string().superRefine((k, ctx) => {
  const problem = labelKeyProblem(k);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

export const LABEL_SELECTOR = z.strictObject({
  matchLabels: z.record(fixedKey, z.string()).optional(),
  matchExpressions: z
    .array(
      z
        .strictObject({
          key: fixedKey,
          operator: z.enum(SELECTOR_OPERATORS),
          values: z.array(z.string()).optional(),
        })
        .superRefine((r, ctx) => {
          const some = (r.values ?? []).length > 0;
          const wants = r.operator === 'In' || r.operator === 'NotIn';
          if (some !== wants)
            ctx.addIssue({
              code: 'custom',
              path: ['values'],
              message: wants
                ? `${r.operator} needs at least one value`
                : `${r.operator} takes no values: leave values out`,
            });
        }),
    )
    .optional(),
});

export type LabelSelector = z.infer<typeof LABEL_SELECTOR>;

/** Does an object with `labels` match the selector (every matchLabels entry and every expression)? */
export function selectorMatches(selector: LabelSelector, labels: Readonly<Record<string, string>> = {}): boolean {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(labels, k);
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (!has(k) || labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const values = e.values ?? [];
    const ok =
      e.operator === 'In'
        ? has(e.key) && values.includes(labels[e.key]!)
        : e.operator === 'NotIn'
          ? !has(e.key) || !values.includes(labels[e.key]!)
          : e.operator === 'Exists'
            ? has(e.key)
            : !has(e.key);
    if (!ok) return false;
  }
  return true;
}
