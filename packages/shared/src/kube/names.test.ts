import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDns1035Label, isDns1123Label, isDns1123Subdomain, kubeName } from './names';

const table: [name: string, label: boolean, subdomain: boolean, dns1035: boolean][] = [
  ['memcacheds', true, true, true],
  ['v1alpha1', true, true, true],
  ['9lives', true, true, false],
  ['a-b', true, true, true],
  ['cache.example.com', false, true, false],
  ['', false, false, false],
  ['-a', false, false, false],
  ['a-', false, false, false],
  ['UPPER', false, false, false],
  ['a_b', false, false, false],
  ['a..b', false, false, false],
  ['../../api/v1/secrets', false, false, false],
  ['a'.repeat(63), true, true, true],
  ['a'.repeat(64), false, true, false],
  [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`, false, true, false],
  [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`, false, false, false],
];

test('DNS-1123 labels and subdomains, DNS-1035 labels, lengths included', () => {
  for (const [name, label, subdomain, dns1035] of table) {
    assert.deepEqual(
      [isDns1123Label(name), isDns1123Subdomain(name), isDns1035Label(name)],
      [label, subdomain, dns1035],
      name,
    );
  }
});

test('kubeName: messages name the value and show a good one', () => {
  const namespace = kubeName('dns1123Label', 'the namespace', 'default');
  assert.equal(namespace.parse('demo'), 'demo');
  assert.deepEqual(
    ['', 'a.b', 'x'.repeat(64)].map((n) => namespace.safeParse(n).error?.issues[0]?.message),
    [
      'pass the namespace',
      "the namespace must be lowercase letters, digits and '-', starting and ending with a letter or digit, e.g. default",
      'the namespace is at most 63 characters',
    ],
  );
  assert.match(
    kubeName('dns1123Subdomain', 'the API group', 'cache.example.com').safeParse('bad/group').error?.issues[0]
      ?.message ?? '',
    /^the API group must be lowercase letters, digits and '-' \(and '\.'\)/,
  );
  assert.match(
    kubeName('dns1035Label', 'the version', 'v1').safeParse('1v').error?.issues[0]?.message ?? '',
    /starting with a letter/,
  );
});
