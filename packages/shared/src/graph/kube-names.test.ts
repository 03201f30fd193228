/// <reference types="node" />
// Issue 27: a child template's apiVersion and kind are checked against Kubernetes' grammar at
// design time, at the field, by the graph's validation, the designer and `validate`'s text path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parseDesign, serializeDesign } from '../design/io';
import { checkDesignValue, parseDesignText } from '../designer/validate';
import { validateDesignText } from '../validate/design';
import { apiVersionProblem, kindProblem } from './kube-names';
import { validateGraph } from './validate';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

describe('apiVersion: version or group/version, as the API server reads it', () => {
  const good = [
    'v1',
    'apps/v1',
    'v1beta1',
    'v2alpha3',
    'example.com/v1',
    'a-b.example.com/v1',
    'x/version2',
    'x/abc-1',
  ];
  for (const v of good) test(`${v} is an apiVersion`, () => assert.equal(apiVersionProblem(v), undefined));
  const bad: [string, RegExp][] = [
    [
      '*/v1',
      /^"\*\/v1" is not an apiVersion: a group is a DNS subdomain such as apps or example\.com .*followed by \/v1$/,
    ],
    ['apps/*', /a version is lower-case letters/],
    ['*', /a version is lower-case letters/],
    ['Apps/v1', /a group is a DNS subdomain/],
    ['apps/V1', /a version is lower-case letters/],
    ['apps/1', /starting with a letter/],
    ['apps/v1-', /a version is/],
    ['apps/v1.2', /a version is/],
    [`${'a'.repeat(254)}/v1`, /at most 253/],
    [`apps/v${'1'.repeat(63)}`, /at most 63/],
    ['a/b/v1', /write a version \(v1\) or a group and a version \(apps\/v1\)/],
    ['/v1', /a group is a DNS subdomain/],
    ['apps/', /a version is/],
    ['core/v1', /the core group has no name in an apiVersion; write "v1"/],
    ['apps,x/v1', /a group is/],
    ['apps;x/v1', /a group is/],
    ['apps\n/v1', /a group is/],
    ['${self.spec.v}', /apiVersion is a fixed string, not an expression/],
  ];
  for (const [v, message] of bad)
    test(`${JSON.stringify(v.length > 30 ? `${v.slice(0, 10)}…` : v)} is refused`, () =>
      assert.match(apiVersionProblem(v) ?? 'accepted', message));
});

describe('kind: an upper-camel name', () => {
  for (const k of ['Deployment', 'ConfigMap', 'V1', 'X', 'A'.repeat(63)])
    test(`${k.slice(0, 12)} is a kind`, () => assert.equal(kindProblem(k), undefined));
  for (const k of [
    '*;x',
    '*',
    'deployment',
    'Config-Map',
    'Config_Map',
    'Config Map',
    '1Kind',
    'A'.repeat(64),
    'Kind\n',
    'Ünicode',
  ])
    test(`${JSON.stringify(k.slice(0, 12))} is refused`, () =>
      assert.match(
        kindProblem(k) ?? 'accepted',
        /is not a kind: a kind starts with an upper-case letter, then letters and digits, at most 63, such as Deployment/,
      ));
  test('an expression is refused as such', () =>
    assert.match(kindProblem('${self.spec.kind}') ?? '', /kind is a fixed string, not an expression/));
});

const example = readFileSync(new URL('../../../../examples/webapp.design.yaml', import.meta.url), 'utf8');
const hostile = (): ReturnType<typeof parseDesign> & { ok: true } => {
  const parsed = parseDesign(example);
  assert.ok(parsed.ok);
  return parsed;
};

describe('refused at design time, at the field', () => {
  test('validateGraph: the graph path of each field', () => {
    const issues = validateGraph({ resources: [{ id: 'x', template: { apiVersion: '*/v1', kind: '*;x' } }] });
    assert.deepEqual(
      issues.map((i) => [i.path, i.severity]),
      [
        ['resources[0].template.apiVersion', 'error'],
        ['resources[0].template.kind', 'error'],
      ],
    );
    assert.match(issues[0]!.message, /^"\*\/v1" is not an apiVersion: a group is a DNS subdomain/);
    assert.match(issues[1]!.message, /^"\*;x" is not a kind: /);
  });

  test('the designer (form and YAML editor) and `opstudio validate`s text path: operand.resources[i].template.*', () => {
    const { design } = hostile();
    const children = design.operand!.resources!;
    const i = children.length - 1;
    children[i] = { ...children[i]!, template: { ...children[i]!.template, apiVersion: '*/v1', kind: '*;x' } };
    const want = [`operand.resources[${i}].template.apiVersion`, `operand.resources[${i}].template.kind`];
    const form = checkDesignValue(design);
    assert.equal(form.ok, false);
    assert.deepEqual(
      form.issues.map((x) => x.path),
      want,
    );
    const text = serializeDesign(design);
    const editor = parseDesignText(text);
    assert.ok(!editor.ok);
    assert.deepEqual(
      editor.issues.map((x) => x.path),
      want,
    );
    const cli = validateDesignText(text);
    assert.deepEqual(
      cli.map((x) => [x.path, x.severity]),
      want.map((p) => [p, 'error']),
    );
    assert.match(cli[0]!.message, /"\*\/v1" is not an apiVersion/);
  });

  test('the unmodified example stays valid', () => assert.deepEqual(validateDesignText(example), []));
});
