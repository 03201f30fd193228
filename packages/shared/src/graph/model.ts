// The resource graph a design describes under `operand.resources` (issue 14): ordered children,
// each a Kubernetes object template with `${…}` CEL expressions, plus status bindings. The
// design schema adopts RESOURCE_GRAPH later; until then the planner works on this model alone.
import { z } from 'zod';
import type { JSONValue } from '../crd/types';
import { JSON_VALUE } from '../design/field';
import { kubeName } from '../kube/names';
import { apiVersionProblem, kindProblem } from './kube-names';

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

export const RESOURCE_GRAPH = z.strictObject({
  resources: z.array(CHILD_RESOURCE),
  namespaces: DECLARED_NAMESPACES.optional(),
  /** `<field path under .status>: "${expr}"`, e.g. `url: "${'http://' + service.metadata.name}"`. */
  status: z.record(z.string(), z.string()).optional(),
});

export type ChildResource = z.infer<typeof CHILD_RESOURCE>;
export type ResourceGraph = z.infer<typeof RESOURCE_GRAPH>;
export type KubeObject = { [key: string]: JSONValue };
