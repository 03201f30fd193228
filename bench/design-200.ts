/**
 * A realistic 200-field design for the preview benchmark, built deterministically: seven
 * component groups (replicas, image, pull policy, resources as maps of quantities, env and
 * ports as list-maps of objects, labels, tags, durations, raw config), a
 * status with conditions, nodes, replicas and a selector, CEL rules (field, object, list
 * item and one transition rule), printer columns, the scale subresource and an operand.
 */
import type { FieldNode, NamedField } from '../packages/shared/src/design/field';
import { QUANTITY_PATTERN } from '../packages/shared/src/design/kinds';
import type { Design } from '../packages/shared/src/design/schema';

const int32 = (name: string, extra: Partial<NamedField> = {}): NamedField => ({
  name,
  type: 'integer',
  format: 'int32',
  ...extra,
});
const str = (name: string, extra: Partial<NamedField> = {}): NamedField => ({ name, type: 'string', ...extra });
const quantity: FieldNode = {
  anyOf: [{ type: 'integer' }, { type: 'string' }],
  intOrString: true,
  pattern: QUANTITY_PATTERN,
};

function component(g: number): NamedField {
  return {
    name: `component${g}`,
    required: g < 4,
    description: `component${g} configures the ${g}th component of the stack.`,
    type: 'object',
    validations: [{ rule: 'self.minReplicas <= self.replicas', message: 'minReplicas must not exceed replicas' }],
    fields: [
      int32('replicas', {
        description: 'replicas is the desired number of pods.',
        default: 1,
        minimum: 0,
        maximum: 100,
      }),
      int32('minReplicas', { default: 0, minimum: 0 }),
      str('image', {
        required: true,
        description: 'image is the container image.',
        example: `registry.example.com/component${g}:1.0.0`,
        pattern: '^[^\\s]+$',
        validations: [
          { rule: "self.contains(':') || self.contains('@')", message: 'image must carry a tag or a digest' },
        ],
      }),
      str('imagePullPolicy', { enum: ['Always', 'IfNotPresent', 'Never'], default: 'IfNotPresent' }),
      {
        name: 'resources',
        type: 'object',
        fields: [
          { name: 'limits', type: 'object', additionalProperties: quantity },
          { name: 'requests', type: 'object', additionalProperties: quantity },
        ],
      },
      {
        name: 'env',
        type: 'array',
        listType: 'map',
        listMapKeys: ['name'],
        maxItems: 64,
        items: {
          type: 'object',
          fields: [
            str('name', { required: true, minLength: 1, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
            str('value'),
            {
              name: 'valueFrom',
              type: 'object',
              fields: [
                {
                  name: 'secretKeyRef',
                  type: 'object',
                  mapType: 'atomic',
                  fields: [str('name', { required: true }), str('key', { required: true })],
                },
              ],
            },
          ],
        },
      },
      {
        name: 'ports',
        type: 'array',
        listType: 'map',
        listMapKeys: ['containerPort'],
        items: {
          type: 'object',
          validations: [
            { rule: '!has(self.name) || self.name.size() <= 15', message: 'a port name has at most 15 characters' },
          ],
          fields: [
            str('name', { maxLength: 15 }),
            int32('containerPort', { required: true, minimum: 1, maximum: 65535 }),
            str('protocol', { enum: ['TCP', 'UDP', 'SCTP'], default: 'TCP' }),
          ],
        },
      },
      { name: 'labels', type: 'object', additionalProperties: { type: 'string' }, maxProperties: 32 },
      {
        name: 'tags',
        type: 'array',
        items: { type: 'string', maxLength: 63 },
        listType: 'set',
        maxItems: 10,
        validations: [{ rule: 'self.all(t, t.size() > 0)', message: 'tags must not be empty' }],
      },
      str('timeout', { format: 'duration', default: '30s' }),
      str('schedule', {
        validations: [
          {
            rule: "self.matches('^(@(hourly|daily|weekly)|[^ ]+ [^ ]+ [^ ]+ [^ ]+ [^ ]+)$')",
            message: 'schedule must be a cron expression or @hourly/@daily/@weekly',
          },
        ],
      }),
      {
        name: 'config',
        type: 'object',
        preserveUnknownFields: true,
        description: 'config is passed to the component as it is.',
      },
      { name: 'enabled', type: 'boolean', default: true },
      { name: 'ratio', type: 'number', minimum: 0, maximum: 1 },
      str('storageClass', { validations: [{ rule: 'self == oldSelf', message: 'storageClass is immutable' }] }),
    ],
  };
}

const status: NamedField = {
  name: 'status',
  type: 'object',
  fields: [
    { name: 'conditions', preset: 'conditions' },
    { name: 'nodes', type: 'array', items: { type: 'string' } },
    int32('replicas'),
    int32('readyReplicas'),
    str('selector'),
    str('phase', { enum: ['Pending', 'Running', 'Failed'] }),
    str('lastUpdated', { format: 'date-time' }),
  ],
};

function countFields(nodes: readonly FieldNode[]): number {
  let n = 0;
  for (const node of nodes) {
    if ('name' in node) n++;
    n += countFields([
      ...(node.fields ?? []),
      ...(node.items ? [node.items] : []),
      ...(typeof node.additionalProperties === 'object' ? [node.additionalProperties] : []),
    ]);
  }
  return n;
}

export function design200(): Design {
  const components = Array.from({ length: 7 }, (_, g) => component(g));
  const spec: NamedField = {
    name: 'spec',
    type: 'object',
    required: true,
    fields: [
      int32('replicas', { default: 1, minimum: 0, maximum: 10 }),
      int32('port', { default: 8080, minimum: 1, maximum: 65535 }),
      ...components,
    ],
  };
  const design: Design = {
    apiVersion: 'studio.opstudio.dev/v1alpha1',
    kind: 'OperatorDesign',
    project: { domain: 'example.com', repo: 'github.com/example/stack-operator', projectName: 'stack-operator' },
    crd: {
      group: 'apps',
      names: { kind: 'Stack', shortNames: ['stk'], categories: ['all'] },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1beta1',
          served: true,
          storage: true,
          subresources: {
            status: true,
            scale: {
              specReplicasPath: '.spec.replicas',
              statusReplicasPath: '.status.replicas',
              labelSelectorPath: '.status.selector',
            },
          },
          printerColumns: [
            { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
            { name: 'Ready', type: 'integer', jsonPath: '.status.readyReplicas' },
            { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
            {
              name: 'Available',
              type: 'string',
              jsonPath: '.status.conditions[?(@.type=="Available")].status',
              priority: 1,
            },
            { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
          ],
          selectableFields: ['.spec.component0.image'],
          schema: {
            type: 'object',
            validations: [{ rule: 'self.metadata.name.size() <= 52', message: 'name must be at most 52 characters' }],
            fields: [spec, status],
          },
        },
      ],
    },
    operand: {
      image: 'registry.example.com/stack:1.0.0',
      replicasField: 'spec.replicas',
      portField: 'spec.port',
      runAsUser: 1001,
      podNamesStatusField: 'status.nodes',
    },
  };
  const n = countFields([design.crd.versions[0]!.schema!]);
  if (n !== 200) throw new Error(`design200 has ${n} fields, not 200`);
  return design;
}
