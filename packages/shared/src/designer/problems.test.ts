import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { error, warning } from '../validate/issue';
import { designValueKey, resolveDesignPath } from './design-path';
import { updateField } from './field-tree';
import {
  blockedReason,
  countProblems,
  currentServerProblems,
  mergeProblems,
  problemMessage,
  problemsByPath,
  problemsLabel,
  recordServerProblems,
} from './problems';
import { checkDesignValue } from './validate';

const text = readFileSync(new URL('../../../../examples/memcached.design.yaml', import.meta.url), 'utf8');
const memcached = (): Design => {
  const r = parseDesign(text);
  if (!r.ok) throw new Error('memcached example does not parse');
  return r.design;
};
const withKind = (d: Design, kind: string): Design => ({ ...d, crd: { ...d.crd, names: { ...d.crd.names, kind } } });
const size = { version: 0, path: [0, 0] };
const KIND = 'crd.names.kind';
const SIZE = 'versions[v1alpha1].spec.size';

test('design paths resolve on the design: names, versions by name, fields by name, keywords', () => {
  const d = memcached();
  assert.equal(resolveDesignPath(d, KIND).value, 'Memcached');
  const max = resolveDesignPath(d, `${SIZE}.maximum`);
  assert.deepEqual([max.value, max.complete], [5, true]);
  assert.deepEqual(max.field, size, 'the field a keyword belongs to');
  assert.deepEqual(resolveDesignPath(d, SIZE).field, size);
  assert.deepEqual(resolveDesignPath(d, 'versions[v1alpha1].schema').field, { version: 0, path: [] });
  assert.equal(resolveDesignPath(d, 'versions[v1alpha1].subresources.status').value, true);
  assert.equal(resolveDesignPath(d, 'versions[v1alpha1].printerColumns[0].jsonPath').field, null);
  const missing = resolveDesignPath(d, 'versions[v1alpha1].spec.nothing.minimum');
  assert.equal(missing.complete, false);
  assert.deepEqual(missing.field, { version: 0, path: [0] }, 'the deepest field that resolves');
});

test('duplicates merge: same path and message once; the server repeating the studio keeps the studio label', () => {
  const d = withKind(memcached(), 'widget');
  const studio = [error(KIND, 'kind must be UpperCamelCase'), error(KIND, 'kind must be UpperCamelCase')];
  const server = recordServerProblems(
    [error(KIND, 'API server: kind must be UpperCamelCase'), error(KIND, 'API server: spec.names.kind: Invalid value')],
    d,
  );
  const problems = mergeProblems(studio, server, d);
  assert.equal(problems.length, 1);
  assert.equal(problems[0]!.source, 'studio');
  assert.equal(problems[0]!.serverAgrees, true);
  assert.equal(problemMessage(problems[0]!), 'kind must be UpperCamelCase');
  // the server alone: labelled, and its own duplicates merged
  const alone = mergeProblems([], [...server, ...server], d);
  assert.deepEqual(alone.map(problemMessage), [
    'API server: kind must be UpperCamelCase',
    'API server: spec.names.kind: Invalid value',
  ]);
});

test('a CEL rule: the studio at validations[0] and the server at validations[0].rule are one problem', () => {
  const d = memcached();
  const rule = `${SIZE}.validations[0]`;
  const problems = mergeProblems(
    [error(rule, 'CEL rule does not parse')],
    recordServerProblems([error(`${rule}.rule`, 'API server: compilation failed')], d),
    d,
  );
  assert.deepEqual(
    problems.map((p) => [p.source, p.path]),
    [['studio', rule]],
  );
});

test('a server error is not hidden behind a studio warning at the same place', () => {
  const d = memcached();
  const problems = mergeProblems(
    [warning(SIZE, 'no example')],
    recordServerProblems([error(SIZE, 'API server: refused')], d),
    d,
  );
  assert.deepEqual(countProblems(problems), { total: 2, errors: 1, warnings: 1 });
  assert.equal(problems[0]!.source, 'server', 'errors first');
});

test('a server problem is dropped as soon as the value at its path changes, and kept otherwise', () => {
  const d = withKind(memcached(), 'widget');
  const server = recordServerProblems(
    [error(KIND, 'API server: kind must be UpperCamelCase'), error(`${SIZE}.maximum`, 'API server: too big')],
    d,
  );
  // an edit elsewhere keeps both
  const elsewhere = { ...d, project: { ...d.project, domain: 'acme.dev' } };
  assert.equal(currentServerProblems(server, elsewhere).length, 2);
  // fixing the kind drops the kind's problem only
  const fixed = withKind(d, 'Widget');
  assert.deepEqual(
    currentServerProblems(server, fixed).map((p) => p.path),
    [`${SIZE}.maximum`],
  );
  assert.equal(mergeProblems([], server, fixed).length, 1);
  // changing the maximum drops that one; so does removing the field it was about
  const lower = updateField(d, size, (n) => ({ ...n, maximum: 4 }));
  assert.deepEqual(
    currentServerProblems(server, lower).map((p) => p.path),
    [KIND],
  );
  const gone = updateField(d, { version: 0, path: [0] }, (n) => ({ ...n, fields: n.fields!.slice(1) }));
  assert.notEqual(designValueKey(gone, `${SIZE}.maximum`), designValueKey(d, `${SIZE}.maximum`));
  // changing back to the value the server saw brings it back: it is about that value
  assert.equal(currentServerProblems(server, withKind(fixed, 'widget')).length, 2);
});

test('a problem about the whole design goes with any change', () => {
  const d = memcached();
  const server = recordServerProblems([error('', 'API server: the request is invalid')], d);
  assert.equal(currentServerProblems(server, d).length, 1);
  assert.equal(currentServerProblems(server, withKind(d, 'Cache')).length, 0);
});

test('counts: one list feeds the header, the panel and the reason Install is off', () => {
  const d = memcached();
  const bounds = updateField(d, size, (n) => ({ ...n, minimum: 10, maximum: 1 }));
  const check = checkDesignValue(bounds);
  const problems = mergeProblems(check.issues, [], bounds);
  const counts = countProblems(problems);
  assert.ok(counts.errors >= 1, 'minimum 10 above maximum 1 is an error');
  assert.ok(problems.some((p) => p.path.startsWith(SIZE) && p.severity === 'error'));
  assert.equal(problemsLabel(counts), `${counts.total} problem${counts.total === 1 ? '' : 's'}`);
  assert.equal(
    [...problemsByPath(problems).values()].flat().length,
    counts.total,
    'the form shows what the panel counts',
  );
  assert.match(blockedReason(counts) ?? '', /error/);
  assert.equal(
    blockedReason(countProblems([warning(SIZE, 'just saying')].map((w) => ({ ...w, source: 'studio' })))),
    null,
  );
  assert.equal(problemsLabel(countProblems([])), 'No problems');
});
