/// <reference types="node" />
// Issue 12.4: strings that reach the exported Go source are checked at the design boundary,
// and the export refuses a design that fails, naming the path, before anything is built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../design/io';
import type { NamedField } from '../design/field';
import type { Design } from '../design/schema';
import { exportZip } from '../scaffold/export-zip';
import { ScaffoldError } from '../scaffold/facts';
import { validateDesign } from './design';
import { loadCel } from '@opstudio/cel/node';

// every export plans its graph with the CEL engine (the image form's too, docs/design/0046)
await loadCel();

const examples = join(dirname(fileURLToPath(import.meta.url)), '../../../../examples');
const INJECTION = 'name\n}\nfunc init() { panic(1) }\n//';

function load(name: string): Design {
  const parsed = parseDesign(readFileSync(join(examples, name), 'utf8'));
  assert.ok(parsed.ok, name);
  return structuredClone(parsed.design);
}

const specField = (d: Design, name: string): NamedField => {
  const spec = d.crd.versions[0]!.schema!.fields!.find((f) => f.name === 'spec')!;
  return spec.fields!.find((f) => f.name === name)!;
};

/** The kitchen sink with `ports` (a map list keyed by name) keyed by the injection string. */
function injectionDesign(): Design {
  const d = load('kitchen-sink.design.yaml');
  specField(d, 'ports').listMapKeys = [INJECTION];
  return d;
}

const errorsAt = (d: Design, path: string): string[] =>
  validateDesign(d)
    .filter((i) => i.severity === 'error' && i.path === path)
    .map((i) => i.message);

test('a listMapKey that names no item field is an error at its own path, once', () => {
  const messages = errorsAt(injectionDesign(), 'versions[v1].spec.ports.listMapKeys');
  assert.equal(messages.length, 1, messages.join('\n'));
  assert.match(
    messages[0]!,
    /^list map key "name\\n}\\nfunc init\(\) \{ panic\(1\) \}\\n\/\/" is not a field of the items/,
  );
});

test('the design-level check sees listMapKeys that a version extra hides from the CRD checks', () => {
  const d = injectionDesign();
  d.crd.versions[0]!.extra = {
    schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
  };
  assert.equal(errorsAt(d, 'versions[v1].spec.ports.listMapKeys').length, 1);
});

test('the export refuses the injection design before building anything, naming the field, on one line', () => {
  assert.throws(
    () => exportZip(injectionDesign()),
    (e: unknown) => {
      assert.ok(e instanceof ScaffoldError);
      assert.equal(e.path, 'versions[v1].spec.ports.listMapKeys');
      assert.match(e.message, /^versions\[v1\]\.spec\.ports\.listMapKeys: list map key "name\\n}/);
      assert.doesNotMatch(e.message, /[\n\r\u0085\u2028\u2029]/);
      return true;
    },
  );
});

test('the conditions preset is keyed by metav1.Condition fields', () => {
  const d = load('memcached.design.yaml');
  const status = d.crd.versions[0]!.schema!.fields!.find((f) => f.name === 'status')!;
  status.fields!.find((f) => f.name === 'conditions')!.listMapKeys = ['type'];
  assert.deepEqual(errorsAt(d, 'versions[v1alpha1].status.conditions.listMapKeys'), []);
  status.fields!.find((f) => f.name === 'conditions')!.listMapKeys = ['kind'];
  assert.equal(errorsAt(d, 'versions[v1alpha1].status.conditions.listMapKeys').length, 1);
});

test('names that become Go identifiers: the group starts with a letter, the kind is not a name the API package declares', () => {
  const d = load('memcached.design.yaml');
  d.crd.group = '9cache';
  assert.match(
    errorsAt(d, 'crd.group')[0] ?? '',
    /must start with a letter: the exported Go code imports the API as 9cachev1alpha1/,
  );
  const k = load('memcached.design.yaml');
  k.crd.names.kind = 'SchemeBuilder';
  assert.match(errorsAt(k, 'crd.names.kind')[0] ?? '', /clashes with the SchemeBuilder/);
});

test('the operand image has no spaces or controls; command arguments have a UTF-8 form and no NUL', () => {
  for (const image of ['memcached:1.6\nfunc init() {}', 'a b', 'x\u2028y', 'x\0']) {
    const d = load('memcached.design.yaml');
    d.operand!.image = image;
    assert.equal(errorsAt(d, 'operand.image').length, 1, JSON.stringify(image));
  }
  const d = load('memcached.design.yaml');
  d.operand!.command = ['memcached', 'a\0b', '\uD800'];
  assert.equal(errorsAt(d, 'operand.command[1]').length, 1);
  assert.equal(errorsAt(d, 'operand.command[2]').length, 1);
  d.operand!.command = ['sh', '-c', 'echo "a\nb" `x` */'];
  assert.deepEqual(
    validateDesign(d).filter((i) => i.path.startsWith('operand.command')),
    [],
    'free text is fine: it is a quoted Go string',
  );
});

test('a field name with a line break or control character is an error, not a warning', () => {
  for (const name of ['a\u0085b', 'a\0b', 'a\u2028b', 'a\rb']) {
    const d = load('memcached.design.yaml');
    d.crd.versions[0]!.schema!.fields!.find((f) => f.name === 'spec')!.fields!.push({ name, type: 'string' });
    assert.ok(
      validateDesign(d).some((i) => i.severity === 'error' && /control character/.test(i.message)),
      JSON.stringify(name),
    );
  }
});
