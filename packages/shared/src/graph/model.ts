// The resource graph a design describes under `operand.resources` (issue 14): ordered children,
// each a Kubernetes object template with `${…}` CEL expressions, plus status bindings. The
// design schema adopts RESOURCE_GRAPH later; until then the planner works on this model alone.
import { z } from 'zod';
import type { JSONValue } from '../crd/types';
import { JSON_VALUE } from '../design/field';
import { kubeName } from '../kube/names';
import { BUILTIN_CONDITION_TYPES, CONDITION_TYPE, CONDITION_TYPE_MAX } from './condition-types';
import { apiVersionProblem, kindProblem } from './kube-names';
import { LABEL_SELECTOR } from './label-selector';

/**
 * A child id is a CEL variable (`${service.metadata.name}`) and the suffix of the child's
 * default name (`<cr-name>-<id>`), so it must be both: DNS-1035 without `-` (CEL would read
 * it as minus), and not a name CEL or the planner already binds.
 */
export const CHILD_ID = /^[a-z][a-z0-9]*$/;
export const CHILD_ID_MAX = 40;
export const RESERVED_CHILD_IDS = new Set(['self', 'true', 'false', 'null', 'in', 'has', 'dyn', 'int', 'uint']);

const childId = z
  .string()
  .max(CHILD_ID_MAX, `an id is at most ${CHILD_ID_MAX} characters: it becomes part of the child's name`)
  .regex(CHILD_ID, 'an id is lower-case letters and digits, starting with a letter, such as deployment or svc2')
  .refine((id) => !RESERVED_CHILD_IDS.has(id), { message: 'this id is a CEL name; choose another, such as main' });

/**
 * apiVersion and kind become watches, RBAC markers and API paths: Kubernetes' grammar for each
 * is checked here, at the field, so `*` or `;` never reaches the export's markers (issue 27).
 */
const grammar =
  (problem: (s: string) => string | undefined) =>
  (s: string, ctx: z.RefinementCtx): void => {
    const message = s === '' ? undefined : problem(s);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  };

/** Any object with apiVersion and kind; the rest is free-form and may hold `${…}` in strings. */
export const CHILD_TEMPLATE = z
  .object({
    apiVersion: z
      .string()
      .min(1, 'a template needs apiVersion, such as apps/v1')
      .superRefine(grammar(apiVersionProblem)),
    kind: z.string().min(1, 'a template needs kind, such as Deployment').superRefine(grammar(kindProblem)),
    metadata: z.record(z.string(), JSON_VALUE).optional(),
  })
  .catchall(JSON_VALUE);

/**
 * A collection's iterator name is a CEL variable in the child's expressions (`${port.name}`):
 * an identifier CEL reads as one name. Whether it clashes with a child id is the graph's check.
 */
export const ITERATOR_NAME = /^[a-z][A-Za-z0-9]*$/;
/** cel-go's namespaces and words an iterator would shadow or CEL refuses as a name. */
export const RESERVED_ITERATOR_NAMES = new Set([
  ...RESERVED_CHILD_IDS,
  'lists',
  'math',
  'strings',
  'sets',
  'base64',
  'optional',
  'cel',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

/**
 * `forEach: [{ port: "${self.spec.ports}" }, { zone: "${['a', 'b']}" }]`: each entry names one
 * iterator and the list it walks; several entries are their cartesian product (kro's model).
 */
export const FOR_EACH_ITERATOR = z
  .record(z.string(), z.string())
  .refine((m) => Object.keys(m).length === 1, {
    message: 'an iterator is one name and its list, such as port: ${self.spec.ports}',
  })
  .refine((m) => Object.keys(m).every((k) => ITERATOR_NAME.test(k) && !RESERVED_ITERATOR_NAMES.has(k)), {
    message:
      'an iterator name is a CEL name: a lower-case letter, then letters and digits (such as port or zone), and not a CEL word such as self or lists',
  });

/** A collection makes at most this many objects unless its forEachLimit says otherwise (kro's default). */
export const FOR_EACH_LIMIT_DEFAULT = 1000;
/** The most a design may allow: every element is planned on every reconcile. */
export const FOR_EACH_LIMIT_MAX = 10_000;

export const CHILD_RESOURCE = z.strictObject({
  id: childId,
  template: CHILD_TEMPLATE,
  /** CEL; the child exists only while this holds (and is pruned when it stops holding). */
  includeWhen: z.string().optional(),
  /** CEL over the observed child; default: the child is ready once it is observed. */
  readyWhen: z.string().optional(),
  /**
   * Take over an existing object of the child's name that no controller owns. Off by default: an
   * object the graph did not create is left untouched (Degraded AlreadyExists), so a custom
   * resource cannot make the controller rewrite, then prune, what its author could not touch.
   */
  adopt: z.boolean().optional(),
  /** A collection: one object per element of the list, or of the product of the lists (docs/design/0041). */
  forEach: z.array(FOR_EACH_ITERATOR).min(1, 'forEach needs at least one iterator').max(10).optional(),
  /** The most objects the collection may make (default 1,000): past it, nothing of it is applied. */
  forEachLimit: z.number().int().min(1).max(FOR_EACH_LIMIT_MAX).optional(),
});

/**
 * The namespaces besides its own where a namespaced custom resource's children may live
 * (docs/design/0039): fixed names, so the install can list them. A child whose namespace is
 * none of these, nor the custom resource's, nor a Namespace the graph itself creates, is refused.
 */
export const DECLARED_NAMESPACES = z
  .array(kubeName('dns1123Label', 'a namespace', 'team-shared'))
  .superRefine((names, ctx) => {
    names.forEach((n, i) => {
      if (names.indexOf(n) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `${n} is listed twice` });
    });
  });

/**
 * An object the graph reads and never writes (kro's `externalRef`): one object by name, or every
 * object a label selector matches (a list), of a fixed kind. Its id is a CEL variable like a
 * child's; a child reading it waits until it exists. name, namespace and selector values may be
 * `${…}` over `self` only: what to read is known before anything is observed. The namespace
 * defaults to the custom resource's for a name, to every namespace for a selector (kro's rule);
 * a cluster-scoped kind has none. It is a list of its own, not a child: nothing that applies,
 * prunes or owns children ever sees it.
 */
export const EXTERNAL_REF = z
  .strictObject({
    id: childId,
    apiVersion: z
      .string()
      .min(1, 'an external reference needs apiVersion, such as v1')
      .superRefine(grammar(apiVersionProblem)),
    kind: z.string().min(1, 'an external reference needs kind, such as ConfigMap').superRefine(grammar(kindProblem)),
    metadata: z.strictObject({
      name: z.string().min(1, 'a name, or leave it out and give a selector').optional(),
      namespace: z.string().min(1, "a namespace, or leave it out for the custom resource's").optional(),
      selector: LABEL_SELECTOR.optional(),
    }),
  })
  .superRefine((ref, ctx) => {
    const { name, selector } = ref.metadata;
    if ((name === undefined) === (selector === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['metadata', name === undefined ? 'name' : 'selector'],
        message:
          'give exactly one of metadata.name (one object) and metadata.selector (a list of every object it matches)',
      });
  });

/**
 * A condition the design adds next to Ready/Available/Progressing/Degraded: its status from a
 * `${…}` that gives a bool (True/False; Unknown while what it reads is not observed), its reason
 * and message literal or `${…}`.
 */
export const CUSTOM_CONDITION = z.strictObject({
  type: z
    .string()
    .max(CONDITION_TYPE_MAX, `a condition type is at most ${CONDITION_TYPE_MAX} characters`)
    .regex(
      CONDITION_TYPE,
      'a condition type is CamelCase letters and digits (and - _ .), optionally after a domain and /, such as BackupScheduled or example.com/Synced',
    )
    .refine((t) => !BUILTIN_CONDITION_TYPES.includes(t), {
      message: `Ready, Available, Progressing and Degraded are the controller's own conditions: choose another type`,
    }),
  /** `${…}` giving true or false */
  status: z.string().min(1, 'status is an expression that gives true or false, such as ${self.spec.enabled}'),
  /** CamelCase, literal or `${…}`; default ExpressionTrue / ExpressionFalse */
  reason: z.string().min(1).optional(),
  /** literal or `${…}`; default: which way the status expression went */
  message: z.string().optional(),
});

export const RESOURCE_GRAPH = z.strictObject({
  /** objects read, never written; ids share the children's names */
  externalRefs: z.array(EXTERNAL_REF).optional(),
  resources: z.array(CHILD_RESOURCE),
  namespaces: DECLARED_NAMESPACES.optional(),
  /** `<field path under .status>: "${expr}"`, e.g. `url: "${'http://' + service.metadata.name}"`. */
  status: z.record(z.string(), z.string()).optional(),
  /** the design's own conditions, written after the built-in ones */
  conditions: z.array(CUSTOM_CONDITION).optional(),
});

export type ChildResource = z.infer<typeof CHILD_RESOURCE>;
export type ExternalRef = z.infer<typeof EXTERNAL_REF>;
export type CustomCondition = z.infer<typeof CUSTOM_CONDITION>;
/**
 * How the graph path reproduces an older operand form exactly (docs/design/0046): the image form
 * (kubebuilder's deploy-image) is planned as a one-Deployment graph with this marker. Never part
 * of a saved design: deploy-image-profile.ts sets it when the controller plans the image form.
 */
export interface DeployImageProfile {
  readonly name: 'deploy-image';
  /** the Deployment's `app.kubernetes.io/managed-by` (`<Kind>Controller`), which its selector holds too */
  readonly managedBy: string;
}

export type ResourceGraph = z.infer<typeof RESOURCE_GRAPH> & { readonly profile?: DeployImageProfile };
export type KubeObject = { [key: string]: JSONValue };
