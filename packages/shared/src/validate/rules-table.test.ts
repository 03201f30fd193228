// Issue 15, point 2: for each rule the studio checks before install, a design that breaks it
// gets one problem, at the right path. The base is the Memcached example, which has none.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { REPO_ROOT } from '../testing/corpus';
import { validateDesignText } from './design';

const base = readFileSync(`${REPO_ROOT}/examples/memcached.design.yaml`, 'utf8');
const SIZE = 'default: 1\n          minimum: 1\n          maximum: 5';

const extraSpecField = (yaml: string): string =>
  base.replace('      - name: status\n', () => `${yaml.replace(/^/gm, '        ')}\n      - name: status\n`);

const cases: { rule: string; text: string; path: string; message: RegExp }[] = [
  {
    rule: 'minimum above maximum',
    text: base.replace(SIZE, 'minimum: 10\n          maximum: 1'),
    path: 'versions[v1alpha1].spec.size',
    message: /minimum 10 and maximum 1 leave no value/,
  },
  {
    rule: 'equal exclusive bounds',
    text: base.replace(SIZE, 'minimum: 3\n          maximum: 3\n          exclusiveMaximum: true'),
    path: 'versions[v1alpha1].spec.size',
    message: /leave no value/,
  },
  {
    rule: 'minLength above maxLength',
    text: extraSpecField('- name: nick\n  type: string\n  minLength: 5\n  maxLength: 2'),
    path: 'versions[v1alpha1].spec.nick',
    message: /minLength 5 is above maxLength 2/,
  },
  {
    rule: 'minItems above maxItems',
    text: extraSpecField('- name: tags\n  type: array\n  minItems: 3\n  maxItems: 1\n  items:\n    type: string'),
    path: 'versions[v1alpha1].spec.tags',
    message: /minItems 3 is above maxItems 1/,
  },
  {
    rule: 'minProperties above maxProperties',
    text: extraSpecField(
      '- name: labels\n  type: object\n  minProperties: 4\n  maxProperties: 2\n  additionalProperties:\n    type: string',
    ),
    path: 'versions[v1alpha1].spec.labels',
    message: /minProperties 4 is above maxProperties 2/,
  },
  {
    rule: 'a default above the maximum',
    text: base.replace(SIZE, 'default: 9\n          minimum: 1\n          maximum: 5'),
    path: 'versions[v1alpha1].spec.size.default',
    message: /above the maximum 5/,
  },
  {
    rule: 'a default outside the enum',
    text: extraSpecField('- name: mode\n  type: string\n  enum:\n  - Fast\n  - Slow\n  default: Medium'),
    path: 'versions[v1alpha1].spec.mode.default',
    message: /Medium/,
  },
  {
    rule: 'a pattern RE2 cannot compile',
    text: extraSpecField("- name: nick\n  type: string\n  pattern: '^(?!admin).*$'"),
    path: 'versions[v1alpha1].spec.nick',
    message: /look-ahead/,
  },
  {
    rule: 'a printer column whose JSONPath does not resolve',
    text: base.replace(
      '    subresources:\n      status: true\n',
      '    printerColumns:\n    - name: Size\n      type: integer\n      jsonPath: .spec.sise\n    subresources:\n      status: true\n',
    ),
    path: 'versions[v1alpha1].printerColumns[0].jsonPath',
    message: /sise/,
  },
  {
    rule: 'a short name listed twice',
    text: base.replace(
      '    listKind: MemcachedList\n',
      '    listKind: MemcachedList\n    shortNames:\n    - mc\n    - mc\n',
    ),
    path: 'crd.names.shortNames[1]',
    message: /mc/,
  },
  {
    rule: 'a listMapKey that is not a required field of the items',
    text: extraSpecField(
      '- name: ports\n  type: array\n  listType: map\n  listMapKeys:\n  - name\n  items:\n    type: object\n    fields:\n    - name: name\n      type: string\n    - name: port\n      type: integer',
    ),
    path: 'versions[v1alpha1].spec.ports.listMapKeys',
    message: /name/,
  },
];

test('the base design has no problem', () => {
  assert.deepEqual(validateDesignText(base), []);
});

for (const c of cases)
  test(`${c.rule}: one problem at ${c.path}`, () => {
    const issues = validateDesignText(c.text).filter((i) => i.severity === 'error');
    assert.equal(issues.length, 1, JSON.stringify(issues, null, 1));
    assert.equal(issues[0]!.path, c.path);
    assert.match(issues[0]!.message, c.message);
  });
