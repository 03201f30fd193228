import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import { DESIGN } from '@opstudio/shared/design/schema';
import {
  addCondition,
  addExternal,
  conditionsOf,
  externalsOf,
  parseSelector,
  removeCondition,
  removeExternal,
  setExternal,
  withLookup,
  withMeta,
  withText,
} from './operand-extras-edit';

const yaml = readFileSync(new URL('../../../../examples/webapp.design.yaml', import.meta.url), 'utf8');
const parsed = parseDesign(yaml);
if (!parsed.ok) throw new Error('the webapp example does not parse');
const webapp = parsed.design;

test('an external reference: added with a free id, switched to a selector and back, removed to nothing', () => {
  const one = addExternal(webapp);
  assert.deepEqual(externalsOf(one), [
    { id: 'settings', apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings' } },
  ]);
  assert.equal(externalsOf(addExternal(one))[1]?.id, 'settings2');
  const ref = externalsOf(one)[0]!;
  const bySelector = withLookup(withMeta(ref, 'namespace', 'team'), 'selector');
  assert.deepEqual(bySelector.metadata, { namespace: 'team', selector: { matchLabels: {} } });
  assert.deepEqual(withLookup(bySelector, 'name').metadata, { namespace: 'team', name: 'settings' });
  assert.deepEqual(withMeta(ref, 'name', ' ').metadata, {}, 'an emptied name is left out');
  const edited = setExternal(one, 0, bySelector);
  assert.ok(DESIGN.safeParse(edited).success, 'the design stays valid');
  assert.ok(serializeDesign(edited).includes('externalRefs:'));
  assert.equal(removeExternal(edited, 0).operand?.externalRefs, undefined, 'no empty list is left behind');
});

test('a selector from YAML, or why the text is not one', () => {
  assert.deepEqual(parseSelector('matchLabels:\n  team: a\n'), { ok: true, selector: { matchLabels: { team: 'a' } } });
  assert.deepEqual(parseSelector(''), { ok: true, selector: {} });
  const bad = parseSelector('matchExpressions:\n- key: a\n  operator: In\n');
  assert.equal(bad.ok, false);
  assert.match(bad.ok ? '' : bad.message, /In needs at least one value/);
});

test('a condition: added with a free type, reason and message left out when emptied, removed to nothing', () => {
  const one = addCondition(webapp);
  assert.deepEqual(conditionsOf(one), [{ type: 'Configured', status: '${true}' }]);
  assert.equal(conditionsOf(addCondition(one))[1]?.type, 'Configured2');
  const c = withText(withText(conditionsOf(one)[0]!, 'reason', 'Done'), 'message', 'ok');
  assert.deepEqual(c, { type: 'Configured', status: '${true}', reason: 'Done', message: 'ok' });
  assert.deepEqual(withText(c, 'reason', ''), { type: 'Configured', status: '${true}', message: 'ok' });
  assert.equal(removeCondition(one, 0).operand?.conditions, undefined);
});
