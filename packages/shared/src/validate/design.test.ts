/// <reference types="node" />
// validateDesign, one table per check: each row edits the Memcached example and names the
// issue a user would see (severity, path in design terms, a part of the message), or none.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import type { NamedField } from '../design/field';
import { parseDesign, serializeDesign } from '../design/io';
import type { Design } from '../design/schema';
import { REPO_ROOT } from '../testing/corpus';
import { validateDesign, validateDesignText } from './design';
import type { Issue } from './issue';

// the CEL rules are compiled and run by the API server's own code (the CEL module)
await loadCel();

function example(name: string): Design {
  const parsed = parseDesign(readFileSync(`${REPO_ROOT}/examples/${name}.design.yaml`, 'utf8'));
  assert.ok(parsed.ok, JSON.stringify(parsed));
  return parsed.design;
}

const memcached = example('memcached');
const root = (d: Design): NamedField[] => d.crd.versions[0]!.schema!.fields!;
const top = (d: Design, name: string): NamedField => root(d).find((f) => f.name === name)!;
const field = (d: Design, name: string): NamedField =>
  [...top(d, 'spec').fields!, ...top(d, 'status').fields!].find((f) => f.name === name)!;
const spec = (d: Design): NamedField[] => top(d, 'spec').fields!;

/** [what, edit of the Memcached design, expected issue (severity, exact path, message part) or null for none] */
type Row = [string, (d: Design) => void, [Issue['severity'], string, string] | null];

function table(name: string, rows: Row[]): void {
  describe(name, () => {
    for (const [what, edit, expected] of rows) {
      test(what, () => {
        const d = structuredClone(memcached);
        edit(d);
        const issues = validateDesign(d);
        if (expected === null) return assert.deepEqual(issues, []);
        const [severity, path, part] = expected;
        const hit = issues.find((i) => i.path === path && i.message.includes(part));
        assert.ok(hit, `expected ${severity} at ${path} mentioning "${part}", got ${JSON.stringify(issues, null, 1)}`);
        assert.equal(hit.severity, severity);
      });
    }
  });
}

table('names', [
  ['the Memcached example is clean', () => {}, null],
  [
    'a group without a domain',
    (d) => (d.project.domain = ''),
    ['error', 'project.domain', 'needs a domain: set project.domain'],
  ],
  [
    'an upper-case plural',
    (d) => (d.crd.names.plural = 'Memcacheds'),
    ['error', 'crd.names.plural', 'use "memcacheds"'],
  ],
  [
    'a short name with an underscore',
    (d) => (d.crd.names.shortNames = ['mc_1']),
    ['error', 'crd.names.shortNames[0]', 'short name'],
  ],
  [
    'listKind equal to kind',
    (d) => (d.crd.names.listKind = 'Memcached'),
    ['error', 'crd.names.listKind', 'MemcachedList'],
  ],
  [
    'a version name Kubernetes cannot sort',
    (d) => (d.crd.versions[0]!.name = 'version1'),
    ['error', 'versions[version1].name', 'v1alpha1'],
  ],
  [
    'a repo that is not a Go module path',
    (d) => (d.project.repo = 'my operator'),
    ['error', 'project.repo', 'github.com/example/memcached-operator'],
  ],
]);

const second = (d: Design, patch: Partial<Design['crd']['versions'][number]>): void =>
  void d.crd.versions.push({ ...structuredClone(d.crd.versions[0]!), name: 'v1beta1', ...patch });

table('versions', [
  ['two versions, one stored', (d) => second(d, { storage: false }), null],
  [
    'two storage versions',
    (d) => second(d, {}),
    ['error', 'versions', 'exactly one version must be the storage version (found 2: v1alpha1, v1beta1)'],
  ],
  ['no storage version', (d) => (d.crd.versions[0]!.storage = false), ['error', 'versions', 'found 0']],
  [
    'the same version twice',
    (d) => second(d, { name: 'v1alpha1', storage: false }),
    ['error', 'versions[v1alpha1].name', 'listed twice'],
  ],
  [
    'no served version',
    (d) => (d.crd.versions[0]!.served = false),
    ['error', 'versions', 'at least one version must be served'],
  ],
]);

table('structural schema, in design paths', [
  [
    'uniqueItems',
    (d) => (field(d, 'nodes').uniqueItems = true),
    ['error', 'versions[v1alpha1].status.nodes', 'x-kubernetes-list-type: set'],
  ],
  [
    'an array without items',
    (d) => delete field(d, 'nodes').items,
    ['error', 'versions[v1alpha1].status.nodes', 'needs items'],
  ],
  [
    'a bad pattern on list items',
    (d) => (field(d, 'nodes').items!.pattern = '(?=a)'),
    ['error', 'versions[v1alpha1].status.nodes.items', 'look-ahead'],
  ],
  [
    'a bad pattern on map values',
    (d) => spec(d).push({ name: 'labels', type: 'object', additionalProperties: { type: 'string', pattern: 'a\\1' } }),
    ['error', 'versions[v1alpha1].spec.labels.additionalProperties', 'back-references'],
  ],
  [
    'a list-map key that is not an item field',
    (d) =>
      spec(d).push({
        name: 'ports',
        type: 'array',
        listType: 'map',
        listMapKeys: ['port'],
        items: { type: 'object', fields: [{ name: 'name', type: 'string', required: true }] },
      }),
    ['error', 'versions[v1alpha1].spec.ports.listMapKeys', 'list map key "port" is not a field of the items'],
  ],
  [
    'a field name with a space',
    (d) => spec(d).push({ name: 'my field', type: 'string', goName: 'MyField' }),
    ['error', 'versions[v1alpha1].spec["my field"]', 'struct tag'],
  ],
  [
    'a type inside anyOf',
    (d) => (field(d, 'size').anyOf = [{ type: 'string' }]),
    ['error', 'versions[v1alpha1].spec.size.anyOf[0]', 'type is not allowed inside'],
  ],
  [
    'an unknown keyword kept raw',
    (d) => (field(d, 'size').extraKeywords = { minimun: 1 }),
    ['error', 'versions[v1alpha1].spec.size', 'unknown keyword "minimun"'],
  ],
]);

table('defaults and examples against their own constraints', [
  [
    'a default above the maximum',
    (d) => (field(d, 'size').default = 9),
    [
      'error',
      'versions[v1alpha1].spec.size.default',
      'default 9: 9 is above the maximum 5; change the default or the constraint',
    ],
  ],
  [
    'a string default on an integer',
    (d) => (field(d, 'size').default = 'one'),
    ['error', 'versions[v1alpha1].spec.size.default', 'the field is integer'],
  ],
  [
    'an example below the minimum: a warning, the sample uses it',
    (d) => (field(d, 'size').example = 0),
    [
      'warning',
      'versions[v1alpha1].spec.size.example',
      'example 0: 0 is below the minimum 1; the sample CR uses it, so change the example',
    ],
  ],
  ['an example that fits', (d) => (field(d, 'size').example = 3), null],
  [
    'a default outside the enum',
    (d) => spec(d).push({ name: 'mode', type: 'string', enum: ['a', 'b'], default: 'c' }),
    ['error', 'versions[v1alpha1].spec.mode.default', 'not one of the allowed values'],
  ],
]);

table('CEL rules', [
  [
    'a rule that parses and holds for the sample',
    (d) => (field(d, 'size').validations = [{ rule: 'self <= 5' }]),
    null,
  ],
  [
    'a rule that does not parse',
    (d) => (field(d, 'size').validations = [{ rule: 'self <= ' }]),
    ['error', 'versions[v1alpha1].spec.size.validations[0]', 'compilation failed: ERROR: <input>:1:9: Syntax error'],
  ],
  [
    'a rule naming a missing field',
    (d) => (top(d, 'spec').validations = [{ rule: 'self.sise <= 5' }]),
    ['error', 'versions[v1alpha1].spec.validations[0]', 'sise'],
  ],
  [
    'a root rule naming a missing field',
    (d) => (d.crd.versions[0]!.schema!.validations = [{ rule: 'self.spec.sise > 0' }]),
    ['error', 'versions[v1alpha1].schema.validations[0]', "undefined field 'sise'"],
  ],
  [
    'a bad messageExpression',
    (d) => (field(d, 'size').validations = [{ rule: 'self > 0', messageExpression: '"a" +' }]),
    ['error', 'versions[v1alpha1].spec.size.validations[0]', 'messageExpression: messageExpression compilation failed'],
  ],
  [
    'optionalOldSelf without oldSelf',
    (d) => (field(d, 'size').validations = [{ rule: 'self > 0', optionalOldSelf: true }]),
    [
      'error',
      'versions[v1alpha1].spec.size.validations[0]',
      'optionalOldSelf: may not be set if oldSelf is not used in rule',
    ],
  ],
  [
    'a rule the sample CR fails',
    (d) => (field(d, 'size').validations = [{ rule: 'self > 3', message: 'at least 4' }]),
    [
      'warning',
      'versions[v1alpha1].spec.size.validations[0]',
      'the sample CR fails this rule (the API server says spec.size: Invalid value: 1: at least 4): give the fields it reads an example or default',
    ],
  ],
  [
    'an object rule reading a field the sample leaves out',
    (d) =>
      (top(d, 'spec').validations = [{ rule: 'self.containerPort > 0 || self.size > 0' }, { rule: 'self.size > 0' }]),
    null,
  ],
  [
    'an object rule reading an optional field unguarded',
    (d) => {
      delete d.operand;
      top(d, 'spec').validations = [{ rule: 'self.containerPort > 1024' }];
    },
    [
      'warning',
      'versions[v1alpha1].spec.validations[0]',
      'no such key: containerPort evaluating rule: self.containerPort > 1024); guard optional fields with has(self.field)',
    ],
  ],
  [
    'a transition rule is not run on the sample',
    (d) => {
      delete field(d, 'size').default;
      field(d, 'size').validations = [{ rule: 'self == oldSelf && self > 3' }];
    },
    null,
  ],
  [
    'a default its own rule refuses, run with oldSelf as the default (the API server refuses the CRD)',
    (d) => (field(d, 'size').validations = [{ rule: 'self == oldSelf && self > 3' }]),
    [
      'error',
      'versions[v1alpha1].spec.size',
      'the API server refuses the default: failed rule: self == oldSelf && self > 3; change the default or the rule',
    ],
  ],
  [
    "Kubernetes' own functions are evaluated too",
    (d) => (field(d, 'size').validations = [{ rule: "quantity('1Gi').isGreaterThan(quantity('2Gi'))" }]),
    [
      'warning',
      'versions[v1alpha1].spec.size.validations[0]',
      "failed rule: quantity('1Gi').isGreaterThan(quantity('2Gi'))",
    ],
  ],
  [
    'a rule over the cost limit',
    (d) =>
      spec(d).push({
        name: 'peers',
        type: 'array',
        items: { type: 'string' },
        validations: [{ rule: 'self.all(a, self.all(b, self.all(c, a + b + c != "")))' }],
      }),
    ['error', 'versions[v1alpha1].spec.peers.validations[0]', 'estimated rule cost exceeds budget by factor of'],
  ],
]);

table('Go names', [
  [
    'two fields with the same derived Go name',
    (d) => spec(d).push({ name: 'podIP', type: 'string' }, { name: 'podIp', type: 'string' }),
    ['error', 'versions[v1alpha1].spec.podIp', 'both become Go field PodIP: give one of them another Go name'],
  ],
  [
    'an explicit goName that clashes',
    (d) => (field(d, 'containerPort').goName = 'Size'),
    ['error', 'versions[v1alpha1].spec.containerPort.goName', 'both become Go field Size'],
  ],
  [
    'a goName that is a Go keyword',
    (d) => (field(d, 'size').goName = 'type'),
    ['error', 'versions[v1alpha1].spec.size.goName', 'Go keyword'],
  ],
  [
    'an unexported goName',
    (d) => (field(d, 'size').goName = 'size'),
    ['error', 'versions[v1alpha1].spec.size.goName', 'upper-case'],
  ],
  [
    'a goName that shadows a generated method',
    (d) => (field(d, 'size').goName = 'DeepCopy'),
    ['error', 'versions[v1alpha1].spec.size.goName', 'generated method'],
  ],
  [
    'a root field named like the embedded ObjectMeta',
    (d) => root(d).push({ name: 'objectMeta', type: 'string' }),
    ['error', 'versions[v1alpha1].objectMeta', 'embedded metav1.ObjectMeta'],
  ],
  [
    'fields of list items are a struct too',
    (d) =>
      spec(d).push({
        name: 'ports',
        type: 'array',
        items: {
          type: 'object',
          fields: [
            { name: 'a', type: 'string', goName: 'X' },
            { name: 'b', type: 'string', goName: 'X' },
          ],
        },
      }),
    ['error', 'versions[v1alpha1].spec.ports.items.b.goName', 'both become Go field X'],
  ],
]);

table("the operand's fields", [
  [
    'replicas from a missing field',
    (d) => (d.operand!.replicasField = 'spec.sise'),
    [
      'error',
      'operand.replicasField',
      'spec.sise is not a field of version v1alpha1: pick an integer field, such as spec.size or spec.containerPort',
    ],
  ],
  [
    'replicas without the spec prefix',
    (d) => (d.operand!.replicasField = 'size'),
    ['error', 'operand.replicasField', 'must be a path under spec'],
  ],
  [
    'the port from a string field',
    (d) => {
      spec(d).push({ name: 'port', type: 'string' });
      d.operand!.portField = 'spec.port';
    },
    ['error', 'operand.portField', 'spec.port is string, it must be an integer'],
  ],
  [
    'pod names in an integer field',
    (d) => {
      top(d, 'status').fields!.push({ name: 'count', type: 'integer' });
      d.operand!.podNamesStatusField = 'status.count';
    },
    ['error', 'operand.podNamesStatusField', 'it must be a list of strings ([]string), such as status.nodes'],
  ],
  [
    'pod names in a list of integers',
    (d) => (field(d, 'nodes').items = { type: 'integer' }),
    ['error', 'operand.podNamesStatusField', 'is array of integer'],
  ],
  [
    'pod names under spec',
    (d) => (d.operand!.podNamesStatusField = 'spec.size'),
    ['error', 'operand.podNamesStatusField', 'must be a path under status'],
  ],
  ['no operand: nothing to check', (d) => delete d.operand, null],
]);

const columns = (d: Design, ...cs: { name: string; type: 'integer' | 'string' | 'date'; jsonPath: string }[]): void =>
  void (d.crd.versions[0]!.printerColumns = cs);

table('printer columns, scale and selectable fields resolve', [
  [
    'columns on real fields, metadata and a condition',
    (d) =>
      columns(
        d,
        { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
        { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
        { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Available")].status' },
      ),
    null,
  ],
  [
    'a column on a missing field',
    (d) => columns(d, { name: 'Size', type: 'integer', jsonPath: '.spec.sise' }),
    [
      'error',
      'versions[v1alpha1].printerColumns[0].jsonPath',
      'column Size would always be empty: .spec.sise is not a field',
    ],
  ],
  [
    'a column inside a condition that does not exist',
    (d) => columns(d, { name: 'R', type: 'string', jsonPath: '.status.conditions[0].state' }),
    ['error', 'versions[v1alpha1].printerColumns[0].jsonPath', '.status.conditions[0].state'],
  ],
  [
    'an integer column on a list',
    (d) => columns(d, { name: 'Nodes', type: 'integer', jsonPath: '.status.nodes' }),
    ['warning', 'versions[v1alpha1].printerColumns[0].jsonPath', 'is array of string'],
  ],
  [
    'a column path without a dot',
    (d) => columns(d, { name: 'Size', type: 'integer', jsonPath: 'spec.size' }),
    ['error', 'versions[v1alpha1].printerColumns[0]', "must start with '.'"],
  ],
  [
    'scale on integer fields',
    (d) => {
      top(d, 'status').fields!.push({ name: 'replicas', type: 'integer' }, { name: 'selector', type: 'string' });
      d.crd.versions[0]!.subresources!.scale = {
        specReplicasPath: '.spec.size',
        statusReplicasPath: '.status.replicas',
        labelSelectorPath: '.status.selector',
      };
    },
    null,
  ],
  [
    'scale on a missing field',
    (d) =>
      (d.crd.versions[0]!.subresources!.scale = {
        specReplicasPath: '.spec.sise',
        statusReplicasPath: '.status.nodes',
      }),
    ['error', 'versions[v1alpha1].subresources.scale', 'specReplicasPath .spec.sise must point to an integer field'],
  ],
  [
    'a scale selector that is not a string',
    (d) => {
      top(d, 'status').fields!.push({ name: 'replicas', type: 'integer' });
      d.crd.versions[0]!.subresources!.scale = {
        specReplicasPath: '.spec.size',
        statusReplicasPath: '.status.replicas',
        labelSelectorPath: '.status.replicas',
      };
    },
    ['error', 'versions[v1alpha1].subresources.scale.labelSelectorPath', 'must be a string'],
  ],
  [
    'a selectable field that does not exist',
    (d) => (d.crd.versions[0]!.selectableFields = ['.spec.nope']),
    ['error', 'versions[v1alpha1].selectableFields[0]', '.spec.nope is not a field of the schema'],
  ],
]);

describe('validateDesignText', () => {
  const text = serializeDesign(memcached);
  test('the Memcached example text is clean', () => assert.deepEqual(validateDesignText(text), []));
  test('YAML that does not parse: one issue with the line', () => {
    const issues = validateDesignText(`${text}\n  bad: [`);
    assert.equal(issues.length, 1);
    assert.match(issues[0]!.message, /^not valid YAML \(line \d+\)/);
  });
  test('a wrong type in a field: the path by version and field name', () => {
    const issues = validateDesignText(
      text.replace(
        'type: integer\n          format: int32\n          description: |-',
        'type: int\n          format: int32\n          description: |-',
      ),
    );
    assert.equal(issues[0]?.path, 'versions[v1alpha1].spec.size.type', JSON.stringify(issues));
    assert.equal(issues[0]?.severity, 'error');
  });
  test('a wrong keyword on the schema root stays under .schema', () => {
    const issues = validateDesignText(
      text.replace('    schema:\n      type: object\n', '    schema:\n      type: objekt\n'),
    );
    assert.equal(issues[0]?.path, 'versions[v1alpha1].schema.type', JSON.stringify(issues));
  });
  test("a valid text gives validateDesign's issues", () => {
    const issues = validateDesignText(text.replace('default: 1', 'default: 7'));
    assert.deepEqual(
      issues.map((i) => i.path),
      ['versions[v1alpha1].spec.size.default'],
    );
  });
});

describe('memoised checks follow the design', () => {
  test('renaming a field a rule reads makes the rule fail, renaming it back clears it', () => {
    const d = structuredClone(memcached);
    top(d, 'spec').validations = [{ rule: 'self.size >= 1' }];
    assert.deepEqual(validateDesign(d), []);
    field(d, 'size').name = 'count';
    d.operand!.replicasField = 'spec.count';
    assert.ok(
      validateDesign(d).some((i) => i.path === 'versions[v1alpha1].spec.validations[0]' && i.message.includes('size')),
    );
    field(d, 'count').name = 'size';
    d.operand!.replicasField = 'spec.size';
    assert.deepEqual(validateDesign(d), []);
  });
  test("a default that changes the sample changes the rule's outcome", () => {
    const d = structuredClone(memcached);
    spec(d).push({ name: 'level', type: 'integer', default: 1, validations: [{ rule: 'self >= 2' }] });
    // the API server refuses the default itself, and the sample it gives fails the rule
    assert.deepEqual(
      validateDesign(d).map((i) => [i.severity, i.path]),
      [
        ['error', 'versions[v1alpha1].spec.level'],
        ['warning', 'versions[v1alpha1].spec.level.validations[0]'],
      ],
    );
    field(d, 'level').default = 2;
    assert.deepEqual(validateDesign(d), []);
  });
});

test('project.repo: the rule `go mod` applies, the same one the export uses (a fuzz case: an upper-case first element)', () => {
  const repoError = (repo: string) =>
    validateDesign({ ...memcached, project: { ...memcached.project, repo } }).some(
      (i) => i.path === 'project.repo' && i.severity === 'error',
    );
  assert.equal(repoError('github.com/example/memcached-operator'), false);
  assert.equal(repoError('example.com/Team/Op'), false, 'later elements may have upper case');
  assert.equal(repoError('abababTODO'), true, 'the first element is lower case');
  assert.equal(repoError('github.com/../x'), true);
});
