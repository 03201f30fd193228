// Issue 29's acceptance for collections: a forEach over a non-list, a bad or clashing iterator
// name, a collection read as one object, an iterator's unknown field are refused at their design
// path before install (validateDesign is what install, export and the designer ask).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { REPO_ROOT } from '../testing/corpus';
import { parseDesign, serializeDesign } from '../design/io';
import { validateDesignText } from './design';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const webapp = readFileSync(`${REPO_ROOT}/examples/webapp.design.yaml`, 'utf8');
const COLLECTION = `  - id: envs
    forEach:
    - entry: \${self.spec.?env.orValue([])}
    template:
      apiVersion: v1
      kind: ConfigMap
      data:
        value: \${entry.?value.orValue('')}
  - id: summary
    template:
      apiVersion: v1
      kind: ConfigMap
      data:
        count: \${string(size(envs))}
  status:
`;
const withCollection = webapp.replace('  status:\n', COLLECTION);
const errors = (text: string) => validateDesignText(text).filter((i) => i.severity === 'error');

test('a collection and a child that reads it: no problem', () => {
  assert.deepEqual(validateDesignText(withCollection), []);
});

const cases: { name: string; text: string; path: string; message: RegExp }[] = [
  {
    name: 'a forEach over a non-list',
    text: withCollection.replace('entry: ${self.spec.?env.orValue([])}', 'entry: ${self.spec.replicas}'),
    path: 'operand.resources[6].forEach[0]',
    message: /\$\{self\.spec\.replicas\} gives int, not a list/,
  },
  {
    name: "an iterator's field its list's items lack",
    text: withCollection.replace("${entry.?value.orValue('')}", '${entry.valu}'),
    path: 'operand.resources[6].template.data.value',
    message: /undefined field 'valu'/,
  },
  {
    name: 'an iterator named like a child',
    text: withCollection.replace('- entry: ${', '- config: ${').replace("${entry.?value.orValue('')}", 'x'),
    path: 'operand.resources[6].forEach[0]',
    message: /the iterator config has the name of a resource of this design/,
  },
  {
    name: 'an iterator name CEL cannot read as one name',
    text: withCollection.replace('- entry: ${', '- my-entry: ${'),
    path: 'operand.resources[6].forEach[0]',
    message: /an iterator name is a CEL name/,
  },
  {
    name: 'a collection read as one object',
    text: withCollection.replace('${string(size(envs))}', '${envs.metadata.name}'),
    path: 'operand.resources[7].template.data.count',
    message: /envs\.metadata/,
  },
  {
    name: 'a forEach value that is not one expression',
    text: withCollection.replace('entry: ${self.spec.?env.orValue([])}', 'entry: self.spec.env'),
    path: 'operand.resources[6].forEach[0]',
    message: /an iterator's list is one expression/,
  },
  {
    name: 'includeWhen reads an iterator (it decides the whole collection)',
    text: withCollection.replace('  - id: envs\n', "  - id: envs\n    includeWhen: entry.name != ''\n"),
    path: 'operand.resources[6].includeWhen',
    message: /entry is not a resource of this design/,
  },
  {
    name: "one fixed name for a collection's objects",
    text: withCollection.replace(
      '      kind: ConfigMap\n      data:\n        value',
      '      kind: ConfigMap\n      metadata:\n        name: fixed\n      data:\n        value',
    ),
    path: 'operand.resources[6].template.metadata.name',
    message: /a collection's objects need a name each/,
  },
  {
    name: 'forEachLimit without forEach',
    text: withCollection.replace('  - id: summary\n', '  - id: summary\n    forEachLimit: 3\n'),
    path: 'operand.resources[7].forEachLimit',
    message: /forEachLimit bounds a collection/,
  },
];

for (const c of cases)
  test(`refused at its path: ${c.name}`, () => {
    const found = errors(c.text);
    const at = found.find((i) => i.path === c.path);
    assert.ok(at, `an error at ${c.path}; got ${JSON.stringify(found)}`);
    assert.match(at.message, c.message);
  });

test('a design keeps its forEach and forEachLimit through save and load', () => {
  const text = withCollection.replace('  - id: envs\n', '  - id: envs\n    forEachLimit: 50\n');
  const parsed = parseDesign(text);
  assert.ok(parsed.ok);
  const again = parseDesign(serializeDesign(parsed.design));
  assert.ok(again.ok);
  const envs = again.design.operand?.resources?.find((r) => r.id === 'envs');
  assert.deepEqual(envs?.forEach, [{ entry: '${self.spec.?env.orValue([])}' }]);
  assert.equal(envs?.forEachLimit, 50);
});
