import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contextFromPathSegment, contextNameProblem, contextToPathSegment, kubeContextName } from './context-name';

const real = [
  'opstudio-sandbox-dev',
  'kind-kind',
  'admin@prod',
  'gke_proj_europe-west1_main',
  'arn:aws:eks:eu-west-1:123456789012:cluster/main',
  'my cluster (staging)',
  'ünïcode-集群',
  '100%',
  'a?b#c&d=e',
];

test('real context names are accepted and round-trip through one canonical URL segment', () => {
  for (const name of real) {
    assert.equal(contextNameProblem(name), undefined, name);
    assert.ok(kubeContextName.safeParse(name).success, name);
    const segment = contextToPathSegment(name);
    assert.doesNotMatch(segment, /[/?#\s]/, `${name} → ${segment} must stay one path segment`);
    assert.equal(contextFromPathSegment(segment), name, segment);
    assert.equal(new URL(`/c/${segment}/resources`, 'http://x').pathname, `/c/${segment}/resources`);
  }
  assert.equal(contextToPathSegment('admin@prod'), 'admin@prod', 'readable where RFC 3986 allows');
  assert.equal(
    contextToPathSegment('arn:aws:eks:eu-west-1:123456789012:cluster/main'),
    'arn:aws:eks:eu-west-1:123456789012:cluster%2Fmain',
  );
});

test('a non-canonical but valid encoding decodes to the same name (what a browser may send)', () => {
  assert.equal(contextFromPathSegment('admin%40prod'), 'admin@prod');
  assert.equal(contextFromPathSegment('kind%2dkind'), 'kind-kind');
});

test('names a person cannot read or that URL resolution would swallow are refused', () => {
  for (const [name, why] of [
    ['', /empty/],
    ['.', /"\." or "\.\."/],
    ['..', /"\." or "\.\."/],
    ['a\nb', /control character or line break/],
    ['a\u2028b', /line break/],
    ['tab\there', /control character/],
    [' lead', /space/],
    ['x'.repeat(254), /longer than 253/],
  ] as const) {
    assert.match(contextNameProblem(name) ?? '', why, JSON.stringify(name));
    assert.equal(kubeContextName.safeParse(name).success, false, JSON.stringify(name));
  }
});

test('a segment that is not a valid percent-encoding of a usable name gives undefined', () => {
  for (const bad of ['', 'a/b', 'a%2', 'a%zz', '%C3%28', '%0A', '..', '%2E%2E', 'a b', 'a?b'])
    assert.equal(contextFromPathSegment(bad), undefined, bad);
});
