import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { JSONValue } from '../crd/types';
import { parseYaml } from '../yaml/parse';
import { findKindSchemaName, kindJsonSchema, openApiPathOf, splitApiVersion } from './openapi-schema';
import type { JsonSchema, OpenApiDocument } from './openapi-schema';

// /openapi/v3/apis/apps/v1 cut down by hand to Deployment and the types it reaches, descriptions shortened
const appsV1 = JSON.parse(
  readFileSync(new URL('./testdata/openapi-v3-apps-v1.fragment.json', import.meta.url), 'utf8'),
) as OpenApiDocument;
const deployment = { group: 'apps', version: 'v1', kind: 'Deployment' };

/**
 * The JSON-schema keywords the converter emits, checked as monaco-yaml's language server does
 * (type, properties, additionalProperties, required, items, anyOf, enum, pattern): the errors' paths.
 */
function problems(schema: JSONValue | undefined, value: JSONValue, path = ''): string[] {
  if (schema === undefined || schema === true || typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return schema === false ? [`${path}: not allowed`] : [];
  const s = schema;
  if (Array.isArray(s.anyOf)) {
    const each = s.anyOf.map((alt) => problems(alt, value, path));
    if (!each.some((p) => p.length === 0)) return each.reduce((a, b) => (b.length < a.length ? b : a));
  }
  const type = s.type;
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  if (typeof type === 'string') {
    const ok =
      type === actual ||
      (type === 'integer' && typeof value === 'number' && Number.isInteger(value)) ||
      (type === 'number' && typeof value === 'number');
    if (!ok) return [`${path}: not ${type}`];
  }
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return [`${path}: not one of ${JSON.stringify(s.enum)}`];
  if (typeof s.pattern === 'string' && typeof value === 'string' && !new RegExp(s.pattern).test(value))
    return [`${path}: does not match ${s.pattern}`];
  const out: string[] = [];
  if (actual === 'object') {
    const obj = value as { [k: string]: JSONValue };
    const props = (s.properties ?? {}) as JsonSchema;
    for (const r of (s.required ?? []) as string[]) if (!(r in obj)) out.push(`${path}.${r}: missing`);
    for (const [k, v] of Object.entries(obj))
      out.push(...problems(k in props ? props[k] : (s.additionalProperties ?? true), v, `${path}.${k}`));
  }
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...problems(s.items, v, `${path}[${i}]`)));
  return out;
}

function check(yaml: string): string[] {
  const parsed = parseYaml(yaml);
  assert.ok(parsed.ok);
  return problems(kindJsonSchema(appsV1, deployment), parsed.value as JSONValue);
}

const template = `
apiVersion: apps/v1
kind: Deployment
metadata:
  labels: { app: web }
spec:
  replicas: \${self.spec.replicas}
  selector: { matchLabels: { app: web } }
  strategy:
    type: RollingUpdate
    rollingUpdate: { maxSurge: 1, maxUnavailable: 25% }
  template:
    metadata: { labels: { app: web } }
    spec:
      restartPolicy: Always
      containers:
        - name: main
          image: \${self.spec.image}
          ports:
            - containerPort: \${self.spec.port}
          resources: { limits: { cpu: 1, memory: 64Mi } }
`;

test('the group-version paths: core under api/, the rest under apis/', () => {
  assert.deepEqual(splitApiVersion('apps/v1'), { group: 'apps', version: 'v1' });
  assert.deepEqual(splitApiVersion('v1'), { group: '', version: 'v1' });
  assert.equal(openApiPathOf('v1'), 'api/v1');
  assert.equal(openApiPathOf('cache.example.com/v1alpha1'), 'apis/cache.example.com/v1alpha1');
});

test('the kind is found by its x-kubernetes-group-version-kind; another kind is not there', () => {
  assert.equal(findKindSchemaName(appsV1, deployment), 'io.k8s.api.apps.v1.Deployment');
  assert.equal(kindJsonSchema(appsV1, { ...deployment, kind: 'StatefulSet' }), null);
  assert.equal(kindJsonSchema(appsV1, { ...deployment, version: 'v1beta1' }), null);
  assert.equal(kindJsonSchema({}, deployment), null);
});

test("Deployment's spec.replicas is an integer or a whole ${…}, with its description", () => {
  const schema = kindJsonSchema(appsV1, deployment) as JsonSchema;
  const spec = ((schema.properties as JsonSchema).spec as { anyOf: JsonSchema[] }).anyOf[0] as JsonSchema;
  const replicas = (spec.properties as JsonSchema).replicas as JsonSchema;
  assert.deepEqual(replicas, {
    anyOf: [
      { type: 'integer' },
      {
        type: 'string',
        pattern: '^\\$\\{[\\s\\S]*\\}$',
        patternErrorMessage: "Expected the field's type, or one whole ${…} CEL expression.",
      },
    ],
    description:
      'Number of desired pods. This is a pointer to distinguish between explicit zero and not specified. Defaults to 1.',
  });
  assert.deepEqual(check(template), []);
  for (const replicas of ['three', '${a} + 1', 'x${a}', true])
    assert.notDeepEqual(
      check(template.replace('${self.spec.replicas}', JSON.stringify(replicas))),
      [],
      String(replicas),
    );
  assert.deepEqual(check(template.replace('${self.spec.replicas}', '"three"')), ['.spec.replicas: not integer']);
});

test('every ref is resolved: nothing in the schema points elsewhere, wrappers keep their own description', () => {
  const schema = kindJsonSchema(appsV1, deployment);
  assert.doesNotMatch(JSON.stringify(schema), /\$ref|allOf|x-kubernetes/);
  const props = (schema as JsonSchema).properties as JsonSchema;
  assert.equal((props.spec as JsonSchema).description, 'Specification of the desired behavior of the Deployment.');
});

test('an unknown field under spec (or anywhere typed) is flagged; maps, int-or-string and quantities stay open', () => {
  assert.deepEqual(check(template.replace('  replicas:', '  replica: 1\n  replicas:')), ['.spec.replica: not allowed']);
  assert.deepEqual(check(template.replace('image:', 'imag: x\n          image:')), [
    '.spec.template.spec.containers[0].imag: not allowed',
  ]);
  assert.deepEqual(check(template.replace('type: RollingUpdate', 'type: Rolling')), [
    '.spec.strategy.type: not one of ["Recreate","RollingUpdate"]',
  ]);
  assert.deepEqual(check(template.replace('{ maxSurge: 1,', '{ maxSurge: "${self.spec.surge}",')), []);
  assert.deepEqual(
    check(template.replace('selector: { matchLabels: { app: web } }', 'selector: ${self.spec.selector}')),
    [],
  );
  assert.deepEqual(check(template.replace('containers:', 'containers: ${self.spec.containers}\n      x:')), [
    '.spec.template.spec.x: not allowed',
  ]);
});

test('status is left out (a template never sets it) and required lists only what exists', () => {
  const schema = kindJsonSchema(appsV1, deployment) as JsonSchema;
  assert.deepEqual(Object.keys(schema.properties as JsonSchema).sort(), ['apiVersion', 'kind', 'metadata', 'spec']);
  assert.deepEqual(check(`${template}status: { readyReplicas: 1 }\n`), ['.status: not allowed']);
  assert.deepEqual(check('kind: Deployment\n'), ['.apiVersion: missing']);
});

test('the metadata fields the controller sets say so, and metadata is a map, never one ${…}', () => {
  const schema = kindJsonSchema(appsV1, deployment) as JsonSchema;
  const meta = (schema.properties as JsonSchema).metadata as JsonSchema;
  assert.equal(meta.anyOf, undefined);
  const fields = meta.properties as { [k: string]: { description: string } };
  assert.match(
    fields.namespace?.description ?? '',
    /^Optional: the custom resource's namespace when left out.*\n\nNamespace defines/,
  );
  assert.match(fields.ownerReferences?.description ?? '', /^Set by the controller/);
  assert.match(fields.name?.description ?? '', /^Optional: the controller names the child/);
  assert.doesNotMatch(fields.labels?.description ?? '', /controller/);
});

// a JSONSchemaProps-like recursion, as apiextensions.k8s.io/v1's document has it
const recursive: OpenApiDocument = {
  components: {
    schemas: {
      'x.Schema': {
        type: 'object',
        description: 'A schema.',
        properties: {
          type: { type: 'string' },
          properties: { type: 'object', additionalProperties: { $ref: '#/components/schemas/x.Schema' } },
          items: { allOf: [{ $ref: '#/components/schemas/x.Schema' }], description: 'The items.' },
          not: { $ref: '#/components/schemas/x.Missing' },
        },
      },
      'x.Kind': {
        type: 'object',
        'x-kubernetes-group-version-kind': [{ group: 'x.example.com', version: 'v1', kind: 'Kind' }],
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          spec: {
            type: 'object',
            properties: {
              schema: { $ref: '#/components/schemas/x.Schema' },
              deep: deepNest(30),
              free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        },
      },
    },
  },
};

function deepNest(n: number): Record<string, unknown> {
  return n === 0 ? { type: 'integer' } : { type: 'object', properties: { a: deepNest(n - 1) } };
}

test('recursion is bounded: a ref is not expanded again inside itself, nor deeper than maxDepth', () => {
  const gvk = { group: 'x.example.com', version: 'v1', kind: 'Kind' };
  const schema = kindJsonSchema(recursive, gvk) as JsonSchema;
  const text = JSON.stringify(schema);
  assert.ok(text.length < 10_000, `${text.length} characters`);
  assert.equal(text.match(/not expanded again inside itself/g)?.length, 2); // properties.* and items
  const open = (yaml: string) => {
    const parsed = parseYaml(yaml);
    assert.ok(parsed.ok);
    return problems(schema, parsed.value as JSONValue);
  };
  assert.deepEqual(open('apiVersion: a\nkind: Kind\nspec: { schema: { type: object, items: { anything: 1 } } }'), []);
  assert.deepEqual(open('apiVersion: a\nkind: Kind\nspec: { schema: { typo: 1 }, free: { any: 1 } }'), [
    '.spec.schema.typo: not allowed',
  ]);
  const deep = `apiVersion: a\nkind: Kind\nspec: { deep: ${'{ a: '.repeat(30)}x${' }'.repeat(30)} }`;
  assert.deepEqual(open(deep), []); // below depth 16 anything goes
  assert.deepEqual(open(deep.replace('{ a: { a: x', '{ a: { b: x')), []);
  assert.deepEqual(open(deep.replace('{ a: ', '{ b: ')), ['.spec.deep.b: not allowed']);

  const small = kindJsonSchema(recursive, gvk, { maxNodes: 3 }) as JsonSchema;
  assert.match(JSON.stringify(small), /the schema is too large/);
  assert.deepEqual(problems(small, { apiVersion: 'a', kind: 'Kind', spec: { schema: { anything: 1 } } }), []);
});
