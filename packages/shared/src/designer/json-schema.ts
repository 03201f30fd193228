// The design file's JSON schema, for the YAML editor (monaco-yaml: completion, hover,
// diagnostics). Derived from the zod model with zod 4's z.toJSONSchema, so it cannot drift
// from what the loader accepts; hover texts are added per key, since the model's doc
// comments do not exist at run time.
import { z } from 'zod';
import { DESIGN } from '../design/schema';

const DOCS: Record<string, string> = {
  apiVersion: 'Always studio.opstudio.dev/v1alpha1.',
  project: 'The exported kubebuilder project: domain, Go module path, project name.',
  domain: "kubebuilder's --domain: the API group is <group>.<domain>, e.g. example.com.",
  repo: 'Go module path of the exported project, e.g. github.com/example/memcached-operator.',
  projectName: 'The project name (a DNS label), e.g. memcached-operator.',
  crd: 'The CustomResourceDefinition: group, names, scope and versions.',
  group: 'The API group before the domain, e.g. cache (the CRD group becomes cache.example.com).',
  names: 'The kind and its plural, singular, list kind, short names and categories.',
  kind: 'UpperCamelCase kind of the custom resource, e.g. Memcached.',
  plural: 'Lowercase plural used in URLs (derived from the kind when left out).',
  singular: 'Lowercase singular name (derived from the kind when left out).',
  listKind: 'Kind of the list type (default: <Kind>List).',
  shortNames: 'Short names for kubectl, e.g. [mc].',
  categories: 'Categories the kind belongs to, e.g. [all].',
  scope: 'Namespaced or Cluster.',
  labels: 'Labels on the CRD object.',
  annotations: "Annotations on the CRD object (besides controller-gen's version stamp).",
  controllerGenVersion:
    'The controller-gen.kubebuilder.io/version annotation: left out means v0.21.0, null means none.',
  versions: 'The served versions; exactly one has storage: true.',
  served: 'Whether the API server serves this version.',
  storage: 'Whether objects are stored in this version (exactly one version).',
  deprecated: 'Marks the version deprecated; clients get a warning.',
  deprecationWarning: 'The warning returned to clients of a deprecated version.',
  printerColumns: 'Extra columns of `kubectl get` (additionalPrinterColumns).',
  jsonPath: 'JSON path of the column value in the object, e.g. .spec.size.',
  priority: '0 shows the column by default; higher only with -o wide.',
  selectableFields: 'JSON paths usable as field selectors, e.g. .spec.color.',
  subresources: 'status and scale subresources.',
  scale: 'The scale subresource: where the replica counts and the label selector are.',
  specReplicasPath: 'JSON path of the desired replicas, e.g. .spec.size.',
  statusReplicasPath: 'JSON path of the observed replicas, e.g. .status.replicas.',
  labelSelectorPath: 'JSON path of the label selector string in status, e.g. .status.selector.',
  schema: 'The root of openAPIV3Schema; its fields hold spec, status and any other top-level field.',
  standardFields: 'Set false when the schema lacks the standard apiVersion/kind/metadata fields.',
  extra: 'Keys outside the model, kept as written.',
  operand: 'What the embedded controller runs for each custom resource (optional: without it only status is managed).',
  image: 'Container image of the operand, e.g. memcached:1.6.26-alpine3.19.',
  command: "The container's command, whole (arguments included).",
  replicasField: 'Dotted path of the spec field giving the replica count, e.g. spec.size.',
  portField: 'Dotted path of the spec field giving the container port, e.g. spec.containerPort.',
  runAsUser: 'User id the operand container runs as.',
  podNamesStatusField: "Dotted path of the status field listing the operand's pod names, e.g. status.nodes.",
  fields: 'Child fields of an object, in Go struct order.',
  items: 'The element schema of an array.',
  additionalProperties: "A map's value schema (or true/false).",
  required: "Listed in the parent's required.",
  preset: 'conditions: metav1.Condition list as controller-gen expands it.',
  goName: 'The Go field name (derived from the JSON name by default).',
  type: 'string, integer, number, boolean, object or array.',
  format: 'e.g. int32, int64, date-time, duration, byte.',
  title: 'A short title.',
  description: 'Documentation shown by kubectl explain.',
  example: 'An example value.',
  default: 'The value the API server fills in when the field is absent.',
  enum: 'The allowed values.',
  nullable: 'Allows null (kept as null instead of pruned).',
  minimum: 'Smallest allowed number.',
  maximum: 'Largest allowed number.',
  exclusiveMinimum: 'The minimum itself is not allowed.',
  exclusiveMaximum: 'The maximum itself is not allowed.',
  multipleOf: 'The number must be a multiple of this.',
  minLength: 'Shortest allowed string.',
  maxLength: 'Longest allowed string (CEL rules need it to estimate cost).',
  pattern: 'Regular expression a string must match.',
  minItems: 'Fewest list items.',
  maxItems: 'Most list items.',
  uniqueItems: 'Items must differ (the API server refuses true: use listType set).',
  minProperties: 'Fewest map entries.',
  maxProperties: 'Most map entries.',
  listType: 'x-kubernetes-list-type: atomic, set or map.',
  listMapKeys: 'x-kubernetes-list-map-keys: the keys of a listType map.',
  mapType: 'x-kubernetes-map-type: atomic or granular.',
  preserveUnknownFields: 'x-kubernetes-preserve-unknown-fields: keep fields the schema does not declare.',
  embeddedResource: 'x-kubernetes-embedded-resource: the value is a Kubernetes object.',
  intOrString: 'x-kubernetes-int-or-string: an integer or a string.',
  validations: 'CEL rules (x-kubernetes-validations).',
  rule: 'CEL expression; self is the field value, oldSelf the previous one.',
  message: 'Message when the rule fails.',
  messageExpression: 'CEL expression building the message.',
  fieldPath: 'The field the error is reported at, relative to this one.',
  reason: 'FieldValueInvalid, FieldValueForbidden, FieldValueRequired or FieldValueDuplicate.',
  optionalOldSelf: 'Evaluate the rule on create too, with oldSelf as an optional.',
  extraKeywords: 'Schema keywords the form does not model, written into the CRD as they are.',
};

type JsonSchema = { [key: string]: unknown };

function annotate(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(annotate);
  if (typeof node !== 'object' || node === null) return;
  const o = node as JsonSchema;
  const props = o.properties as Record<string, JsonSchema> | undefined;
  if (props !== undefined && typeof props === 'object') {
    for (const [key, value] of Object.entries(props)) {
      const doc = DOCS[key];
      if (doc !== undefined && value.description === undefined) value.description = doc;
    }
  }
  for (const v of Object.values(o)) annotate(v);
}

let cached: JsonSchema | undefined;

/** The design's JSON schema (draft-07, which the YAML language server reads), with hover texts. */
export function designJsonSchema(): JsonSchema {
  if (cached !== undefined) return cached;
  // JSON values (defaults, examples, raw schema) are z.custom: they become "any" here.
  const schema = z.toJSONSchema(DESIGN, {
    target: 'draft-7',
    unrepresentable: 'any',
    cycles: 'ref',
    io: 'input',
  }) as JsonSchema;
  annotate(schema);
  schema.title = 'OperatorDesign';
  cached = schema;
  return schema;
}
