import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '@opstudio/shared/design/io';
import { DESIGN } from '@opstudio/shared/design/schema';
import { assignmentsText, newRule, parseAssignments, setRules, spokeIndex, spokesOf } from './conversion-edit';

const yaml = readFileSync(
  new URL('../../../../packages/shared/src/conversion/testdata/two-versions.design.yaml', import.meta.url),
  'utf8',
);

test('the spokes are every version but the storage one; rules are set per spoke and stay a valid design', () => {
  const r = parseDesign(yaml);
  assert.ok(r.ok);
  assert.deepEqual(
    spokesOf(r.design).map((s) => [s.version, s.rules.length]),
    [['v1alpha1', 4]],
  );
  const design = setRules(r.design, 'v1alpha1', [...spokesOf(r.design)[0]!.rules, newRule('drop')]);
  assert.equal(spokeIndex(design, 'v1alpha1'), 0);
  assert.deepEqual(design.conversion?.spokes[0]?.rules.at(-1), { drop: 'spec.', keep: 'annotation' });
  const noRules = { ...r.design, conversion: undefined };
  assert.deepEqual(spokesOf(noRules)[0]?.rules, []);
  assert.equal(spokeIndex(noRules, 'v1alpha1'), -1);
  const added = setRules(noRules, 'v1alpha1', [newRule('move')]);
  assert.deepEqual(added.conversion, { spokes: [{ version: 'v1alpha1', rules: [{ from: 'spec.', to: 'spec.' }] }] });
  // a new rule names `spec.` until the field is typed: the design says where
  const shape = DESIGN.safeParse(added);
  assert.ok(!shape.success);
  assert.deepEqual(
    shape.error.issues.map((i) => i.path.join('.')),
    ['conversion.spokes.0.rules.0.from', 'conversion.spokes.0.rules.0.to'],
  );
  assert.ok(DESIGN.safeParse(setRules(noRules, 'v1alpha1', [{ from: 'spec.size', to: 'spec.replicas' }])).success);
});

test('computed fields are edited as `field = expression` lines, == inside an expression kept', () => {
  const map = parseAssignments("spec.tag = self.spec.a == '' ? 'x' : 'y'\n\nspec.repository=self.spec.b\nspec.half");
  assert.deepEqual(map, {
    'spec.tag': "self.spec.a == '' ? 'x' : 'y'",
    'spec.repository': 'self.spec.b',
    'spec.half': '',
  });
  assert.equal(assignmentsText({ 'spec.a': 'self.x' }), 'spec.a = self.x');
});
