/**
 * How objects move between a CRD's versions, as data (docs/design/0053). The storage version is
 * the hub; every other served version is a spoke with rules that say how its fields become the
 * hub's and back, as kubebuilder's hub/spoke conversion does in Go:
 *
 *   - `from`/`to`: a rename or move (`spec.size` in the spoke is `spec.replicas` in the hub);
 *   - `toHub`/`toSpoke`: computed fields, one CEL expression over `self` per field it fills, in
 *     each direction: a split (one spoke field → two hub fields), a join, a new encoding. The keys
 *     of `toSpoke` are the spoke fields the rule owns, those of `toHub` the hub fields;
 *   - `add` (+ `default`): a hub field the spoke lacks, defaulted on the way to the hub;
 *   - `drop`: a spoke field the hub lacks.
 *
 * A field a rule loses on the way (`add` going to the spoke, `drop` going to the hub) is refused
 * unless `keep: annotation` carries it in the annotation `<group>/<field>`, as Kubernetes' own
 * conversions keep what an older version cannot say. Fields no rule names are copied as they are.
 */
import { z } from 'zod';
import { SCHEMA_VALUE } from '../design/field';

/** A dotted field path from the object's root (`spec.replicas`); apiVersion, kind and metadata are not converted. */
const FIELD_PATH = z
  .string()
  .regex(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/, 'a field path is dotted field names such as spec.replicas')
  .refine(
    (p) => !['apiVersion', 'kind', 'metadata'].includes(p.split('.')[0]!),
    'apiVersion, kind and metadata are not converted: name a field under spec or status',
  );

const CEL = z.string().min(1, 'a CEL expression over self');

export const RULE_FORMS = ['move', 'compute', 'add', 'drop'] as const;
export type RuleForm = (typeof RULE_FORMS)[number];

export const CONVERSION_RULE = z
  .strictObject({
    /** move: the spoke's field … */
    from: FIELD_PATH.optional(),
    /** … and where it is in the hub */
    to: FIELD_PATH.optional(),
    /** compute: each hub field this rule fills, from the spoke object as `self` */
    toHub: z.record(FIELD_PATH, CEL).optional(),
    /** compute: each spoke field this rule fills, from the hub object as `self` */
    toSpoke: z.record(FIELD_PATH, CEL).optional(),
    /** add: a hub field the spoke does not have */
    add: FIELD_PATH.optional(),
    /** add: its value when an object comes from the spoke without it */
    default: SCHEMA_VALUE.optional(),
    /** drop: a spoke field the hub does not have */
    drop: FIELD_PATH.optional(),
    /** add/drop: carry the field the other version lacks in the annotation `<group>/<field>` */
    keep: z.literal('annotation').optional(),
  })
  .superRefine((rule, ctx) => {
    const forms = ruleForms(rule);
    if (forms.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message:
          forms.length === 0
            ? 'a rule is one of: from + to (a move), toHub + toSpoke (computed), add (a new hub field), drop (a spoke field the hub lacks)'
            : `a rule is one form, not ${forms.join(' and ')}: split it into ${forms.length} rules`,
      });
      return;
    }
    const need = (key: keyof typeof rule, why: string) => {
      if (rule[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: why });
    };
    const form = forms[0]!;
    if (form === 'move') {
      need('from', 'a move needs from: the field in the spoke version');
      need('to', 'a move needs to: where the field is in the hub version');
    }
    if (form === 'compute') {
      need('toHub', 'a computed rule needs toHub: each hub field it fills, as CEL over the spoke object');
      need('toSpoke', 'a computed rule needs toSpoke: each spoke field it fills, as CEL over the hub object');
      for (const key of ['toHub', 'toSpoke'] as const)
        if (rule[key] !== undefined && Object.keys(rule[key]).length === 0)
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} names at least one field` });
    }
    if (rule.default !== undefined && form !== 'add')
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'default belongs to an add rule' });
    if (rule.keep !== undefined && form !== 'add' && form !== 'drop')
      ctx.addIssue({ code: 'custom', path: ['keep'], message: 'keep belongs to an add or drop rule' });
  });

export const CONVERSION_SPOKE = z.strictObject({
  /** the spoke version's name; the hub is the storage version */
  version: z.string().min(1),
  rules: z.array(CONVERSION_RULE),
});

export const CONVERSION = z.strictObject({
  spokes: z.array(CONVERSION_SPOKE),
});

export type ConversionRule = z.infer<typeof CONVERSION_RULE>;
export type ConversionSpoke = z.infer<typeof CONVERSION_SPOKE>;
export type Conversion = z.infer<typeof CONVERSION>;

/** Which forms a rule's keys belong to (one for a well-formed rule). */
export function ruleForms(rule: Partial<ConversionRule>): RuleForm[] {
  const out: RuleForm[] = [];
  if (rule.from !== undefined || rule.to !== undefined) out.push('move');
  if (rule.toHub !== undefined || rule.toSpoke !== undefined) out.push('compute');
  if (rule.add !== undefined) out.push('add');
  if (rule.drop !== undefined) out.push('drop');
  return out;
}

/** The annotation that carries a field the other version lacks. */
export function keptAnnotation(group: string, field: string): string {
  return `${group}/${field}`;
}
