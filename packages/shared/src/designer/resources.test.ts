/// <reference types="node" />
// The designer's Resources section, its pure parts: issues per child and located in the
// template's YAML, completion inside `${…}`, and the "What the controller creates" text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '../design/io';
import { REPO_ROOT } from '../testing/corpus';
import { error } from '../validate/issue';
import { emitYaml } from '../yaml/emit';
import { celSuggestions, expressionAtCursor } from './cel-completion';
import { designGraphPreview, graphPreviewText } from './graph-preview';
import { childIssues, locateObjectPath } from './template-paths';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const parsed = parseDesign(readFileSync(`${REPO_ROOT}/examples/webapp.design.yaml`, 'utf8'));
assert.ok(parsed.ok);
const design = parsed.design;
const children = design.operand!.resources!.map((r) => ({ id: r.id, kind: r.template.kind }));

test('issues of a child: the template editor gets its paths relative to the template', () => {
  const { template, other } = childIssues(
    [
      error('operand.resources[1].template.spec.replicas', 'a'),
      error('operand.resources[1].readyWhen', 'b'),
      error('operand.resources[10].id', 'c'),
      error('operand.resources[1].template', 'd'),
    ],
    1,
  );
  assert.deepEqual(
    template.map((i) => i.path),
    ['spec.replicas', ''],
  );
  assert.deepEqual(
    other.map((i) => i.path),
    ['operand.resources[1].readyWhen'],
  );
});

test('a template path is found in the template YAML, quoted keys and list items included', () => {
  const text = emitYaml(design.operand!.resources![1]!.template, { keepKeyOrder: true });
  const at = (p: string) => {
    const r = locateObjectPath(text, p);
    return r === undefined ? undefined : text.slice(r.start, r.end);
  };
  assert.equal(at('spec.replicas'), 'replicas: ${self.spec.replicas}');
  assert.equal(at('spec.template.spec.containers[0].image'), 'image: ${self.spec.image}');
  assert.equal(at("spec.selector.matchLabels['app.kubernetes.io/name']"), 'app.kubernetes.io/name: webapp');
  assert.equal(at('spec.nothere.deeper'), 'spec', 'the deepest part that exists');
});

test('completion: self fields from the schema, children and their common fields', () => {
  const labels = (line: string) => celSuggestions(line, design, children).map((s) => s.label);
  assert.equal(expressionAtCursor('image: ${self.spec.im'), 'self.spec.im');
  assert.equal(expressionAtCursor('image: ${self.spec} x'), undefined);
  assert.deepEqual(labels('x: ${'), ['self', 'config', 'deployment', 'service', 'ingress', 'pdb', 'ports']);
  assert.deepEqual(labels('x: ${self.'), ['spec', 'status', 'metadata']);
  assert.ok(labels('x: ${self.spec.').includes('replicas'));
  assert.deepEqual(labels('x: ${self.spec.env.'), ['name', 'value']);
  assert.ok(labels('x: ${self.metadata.n').includes('name'));
  assert.ok(labels("x: ${'http://' + service.metadata.").includes('name'));
  assert.ok(labels('x: ${deployment.status.?').includes('readyReplicas'));
  assert.deepEqual(labels('x: ${nothing.'), []);
  assert.deepEqual(labels('no expression here.'), []);
});

test("completion in a collection: its iterators, and a list field's item fields after one", () => {
  const iterators = [['entry', '${self.spec.?env.orValue([])}'] as const, ['n', '${lists.range(3)}'] as const];
  const labels = (line: string) => celSuggestions(line, design, children, iterators).map((s) => s.label);
  assert.deepEqual(labels('x: ${').slice(-2), ['entry', 'n']);
  assert.deepEqual(labels('x: ${entry.'), ['name', 'value']);
  assert.deepEqual(labels('x: ${n.'), [], 'a range: ints, no fields');
});

test('the preview text: a document per created child, a note per excluded one', () => {
  const text = graphPreviewText(designGraphPreview(design));
  assert.match(
    text,
    /^# config \(ConfigMap\)\napiVersion: v1\nkind: ConfigMap\nmetadata:\n {2}name: webapp-sample-config\n/,
  );
  assert.match(text, /# ingress \(Ingress\): not created for the sample, its includeWhen is false/);
  assert.match(text, /#\s+url: http:\/\/webapp-sample-service\.default\.svc/);
  assert.equal(text.split('\n---\n').length, 4, 'three objects and the notes');
});
