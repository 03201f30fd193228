/**
 * The operator design: everything the studio needs to generate a CRD, RBAC, a sample, Go types
 * and to run the operand, as a zod schema (the TypeScript types are derived from it). It is
 * serialised as `apiVersion: studio.opstudio.dev/v1alpha1`, `kind: OperatorDesign`, and never
 * embeds a CRD's text: an imported CRD becomes fields, names and versions.
 */
import { z } from 'zod';
import { DNS1035_LABEL, DNS1123_LABEL, DNS1123_SUBDOMAIN } from '../kube/names';
import { RESOURCE_GRAPH } from '../graph/model';
import { FIELD_NODE, SCHEMA_VALUE } from './field';
import { DESIGN_TESTS } from '../design-tests/model';
import { CONVERSION } from '../conversion/model';

export const DESIGN_API_VERSION = 'studio.opstudio.dev/v1alpha1' as const;
export const DESIGN_KIND = 'OperatorDesign' as const;
/** controller-gen version a new design's CRD is stamped with (ARCHITECTURE.md pins v0.21.0). */
export const DEFAULT_CONTROLLER_GEN_VERSION = 'v0.21.0';

export const SCOPES = ['Namespaced', 'Cluster'] as const;
export type Scope = (typeof SCOPES)[number];
export const PRINTER_COLUMN_TYPES = ['integer', 'number', 'string', 'boolean', 'date'] as const;

const KIND = /^[A-Z][A-Za-z0-9]*$/;

export const PROJECT = z.strictObject({
  /** kubebuilder's --domain: the API group is `<group>.<domain>`. */
  domain: z.string().regex(DNS1123_SUBDOMAIN, 'domain must be a DNS subdomain such as example.com').or(z.literal('')),
  /** Go module path of the exported project. */
  repo: z.string().min(1, 'repo must be a Go module path such as github.com/example/memcached-operator'),
  projectName: z.string().regex(DNS1123_LABEL, 'projectName must be a DNS label such as memcached-operator'),
});

export const NAMES = z.strictObject({
  kind: z.string().regex(KIND, 'kind must be UpperCamelCase, starting with a capital letter'),
  plural: z.string().regex(DNS1123_LABEL, 'plural must be lowercase letters, digits and dashes').optional(),
  singular: z.string().regex(DNS1123_LABEL, 'singular must be lowercase letters, digits and dashes').optional(),
  listKind: z.string().regex(KIND, 'listKind must be UpperCamelCase').optional(),
  shortNames: z
    .array(z.string().regex(DNS1123_LABEL, 'a short name is lowercase letters, digits and dashes'))
    .optional(),
  categories: z.array(z.string().min(1)).optional(),
});

export const PRINTER_COLUMN = z.strictObject({
  name: z.string().min(1),
  type: z.enum(PRINTER_COLUMN_TYPES),
  jsonPath: z.string().min(1),
  description: z.string().optional(),
  priority: z.number().int().nonnegative().optional(),
  format: z.string().optional(),
});

export const SCALE = z.strictObject({
  specReplicasPath: z.string().min(1),
  statusReplicasPath: z.string().min(1),
  labelSelectorPath: z.string().optional(),
});

export const SUBRESOURCES = z.strictObject({
  status: z.boolean().optional(),
  scale: SCALE.optional(),
});

export const VERSION = z.strictObject({
  name: z.string().regex(DNS1035_LABEL, 'a version name is a DNS label such as v1, v1alpha1 or v2beta3'),
  served: z.boolean(),
  storage: z.boolean(),
  deprecated: z.boolean().optional(),
  deprecationWarning: z.string().optional(),
  printerColumns: z.array(PRINTER_COLUMN).optional(),
  selectableFields: z.array(z.string().min(1)).optional(),
  /** `{}` writes `subresources: {}`; leave it out for none. */
  subresources: SUBRESOURCES.optional(),
  /**
   * The root of openAPIV3Schema. Its `fields` hold `spec`, `status` and any other top-level
   * field; apiVersion, kind and metadata are added in controller-gen's standard form unless
   * listed with schema keywords of their own (a bare `{name: metadata, required: true}` only
   * marks the standard one required).
   */
  schema: FIELD_NODE.optional(),
  /** Set false when the CRD's schema lacks the standard apiVersion/kind/metadata fields. */
  standardFields: z.boolean().optional(),
  /** Version keys outside the model, kept as written. */
  extra: z.record(z.string(), SCHEMA_VALUE).optional(),
});

export const CRD = z.strictObject({
  group: z.string().regex(DNS1123_SUBDOMAIN, 'group must be a DNS subdomain label such as cache'),
  names: NAMES,
  scope: z.enum(SCOPES),
  versions: z.array(VERSION).min(1, 'a CRD needs at least one version'),
  labels: z.record(z.string(), z.string()).optional(),
  /** Annotations other than controller-gen's version stamp. */
  annotations: z.record(z.string(), z.string()).optional(),
  /** The `controller-gen.kubebuilder.io/version` annotation: left out means v0.21.0, null means none. */
  controllerGenVersion: z.string().nullable().optional(),
  /** CRD keywords outside the model (spec.conversion, spec.preserveUnknownFields, other metadata), kept as written. */
  extra: z
    .strictObject({
      spec: z.record(z.string(), SCHEMA_VALUE).optional(),
      metadata: z.record(z.string(), SCHEMA_VALUE).optional(),
      top: z.record(z.string(), SCHEMA_VALUE).optional(),
    })
    .optional(),
});

/**
 * What the operator creates. Two forms, never both:
 *   - `image` (+ command, replicasField, …): one Deployment of that image, kubebuilder's
 *     deploy-image plugin (the Memcached tutorial) field for field, Events and messages included;
 *   - `resources` (+ `status`): a graph of children, each a Kubernetes object template with
 *     `${…}` CEL over `self` and the other children (packages/shared/src/graph, docs/design/0015).
 */
export const OPERAND = z
  .strictObject({
    image: z
      .string()
      .min(1, 'operand.image must name a container image such as memcached:1.6.26-alpine3.19')
      .optional(),
    command: z.array(z.string()).optional(),
    /** Dotted path of the spec field that gives the replica count, e.g. `spec.size`. */
    replicasField: z.string().optional(),
    /** Dotted path of the spec field that gives the container port, e.g. `spec.containerPort`. */
    portField: z.string().optional(),
    runAsUser: z.number().int().nonnegative().optional(),
    /** Dotted path of the status field that lists the operand's pod names, e.g. `status.nodes`. */
    podNamesStatusField: z.string().optional(),
    /** The children the operator creates, in order (dependencies may reorder them). */
    resources: RESOURCE_GRAPH.shape.resources.optional(),
    /** Namespaces besides the custom resource's own where its children may live (a namespaced kind). */
    namespaces: RESOURCE_GRAPH.shape.namespaces,
    /** `<path under .status>: "${expr}"`, written to the custom resource's status each reconcile. */
    status: RESOURCE_GRAPH.shape.status,
    /** Objects the graph reads and never writes (kro's externalRef), by name or label selector. */
    externalRefs: RESOURCE_GRAPH.shape.externalRefs,
    /** The design's own conditions, beside Ready/Available/Progressing/Degraded. */
    conditions: RESOURCE_GRAPH.shape.conditions,
  })
  .superRefine((operand, ctx) => {
    const imageForm = IMAGE_FORM_KEYS.filter((k) => operand[k] !== undefined);
    if (operand.resources !== undefined && imageForm.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: [imageForm[0]!],
        message: `${imageForm.join(', ')} ${imageForm.length === 1 ? 'belongs' : 'belong'} to the single-Deployment form; with resources, put the image in a Deployment template`,
      });
    else if (operand.resources === undefined && operand.image === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['image'],
        message: 'operand needs image (one Deployment, the Memcached form) or resources (a list of children)',
      });
    if (operand.namespaces !== undefined && operand.resources === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['namespaces'],
        message: 'namespaces are where resources go: add resources',
      });
    if (operand.status !== undefined && operand.resources === undefined)
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'status bindings need resources to read from' });
    for (const key of ['externalRefs', 'conditions'] as const)
      if (operand[key] !== undefined && operand.resources === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} belong to the resources form: add resources (an empty list is fine)`,
        });
  });

const IMAGE_FORM_KEYS = ['image', 'command', 'replicasField', 'portField', 'runAsUser', 'podNamesStatusField'] as const;

export const DESIGN = z.strictObject({
  apiVersion: z.literal(DESIGN_API_VERSION),
  kind: z.literal(DESIGN_KIND),
  project: PROJECT,
  crd: CRD,
  /** Optional: a design without an operand only manages status. */
  operand: OPERAND.optional(),
  /** Cases the design must pass: what it renders, what its CRD refuses (docs/design/0052). */
  tests: DESIGN_TESTS.optional(),
  /** How objects move between the CRD's versions: the storage version is the hub (docs/design/0053). */
  conversion: CONVERSION.optional(),
});

export type Design = z.infer<typeof DESIGN>;
export type Project = z.infer<typeof PROJECT>;
export type CrdDesign = z.infer<typeof CRD>;
export type VersionDesign = z.infer<typeof VERSION>;
export type PrinterColumn = z.infer<typeof PRINTER_COLUMN>;
export type Operand = z.infer<typeof OPERAND>;
export type Names = z.infer<typeof NAMES>;
