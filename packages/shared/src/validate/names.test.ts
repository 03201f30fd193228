/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Issue } from './issue';
import {
  validateGoFieldName,
  validateGoIdentifier,
  validateGoStructFields,
  validateGroup,
  validateJsonFieldName,
  validateKind,
  validateLabel,
  validateVersionName,
} from './names';

type Row = [input: string, expectError: boolean, messagePart?: string];

function table(name: string, check: (s: string) => Issue[], rows: Row[]): void {
  describe(name, () => {
    for (const [input, bad, part] of rows) {
      test(`${JSON.stringify(input)} is ${bad ? 'rejected' : 'accepted'}`, () => {
        const errors = check(input).filter((i) => i.severity === 'error');
        assert.equal(errors.length > 0, bad, JSON.stringify(errors));
        if (part) assert.ok(errors[0]?.message.includes(part), `"${errors[0]?.message}" should mention ${part}`);
      });
    }
  });
}

table('group: DNS-1123 subdomain with a dot', (s) => validateGroup(s), [
  ['cache.example.com', false],
  ['cache', true, 'cache.example.com'],
  ['Cache.example.com', true, 'lowercase'],
  ['cache_x.example.com', true],
  ['-cache.example.com', true],
  ['', true, 'required'],
]);

table('plural / singular / short names: DNS-1035 labels', (s) => validateLabel(s, '.spec.names.plural', 'plural'), [
  ['memcacheds', false],
  ['mem-cacheds', false],
  ['Memcacheds', true, 'use "memcacheds"'],
  ['1memcached', true, 'start with a letter'],
  ['mem.cached', true],
  ['a'.repeat(64), true, '63'],
  ['', true],
]);

table('kind: UpperCamelCase Go identifier', (s) => validateKind(s), [
  ['Memcached', false],
  ['MemcachedBackup2', false],
  ['memcached', true, 'UpperCamelCase'],
  ['Mem_cached', true, 'such as MemCached'],
  ['Mem-Cached', true],
  ['', true, 'required'],
]);

table('version names: v1, v1alpha1, v2beta3', (s) => validateVersionName(s, '.spec.versions[0].name'), [
  ['v1', false],
  ['v1alpha1', false],
  ['v2beta3', false],
  ['v1.0', true],
  ['V1', true, 'lowercase'],
  ['v0', true, 'v1alpha1'],
  ['v1alpha', true],
  ['v1gamma1', true],
  ['alpha', true],
]);

table('Go identifiers and reserved words', (s) => validateGoIdentifier(s, 'go'), [
  ['Size', false],
  ['_x', false],
  ['2fast', true, 'identifier'],
  ['my-field', true],
  ['type', true, 'keyword'],
  ['range', true, 'Range'],
]);

table('Go field names are exported', (s) => validateGoFieldName(s, 'go'), [
  ['ContainerPort', false],
  ['containerPort', true, 'ContainerPort'],
  ['func', true, 'keyword'],
]);

table('JSON field names fit in a struct tag', (s) => validateJsonFieldName(s, 'json'), [
  ['containerPort', false],
  ['has space', true, 'space'],
  ['a,b', true],
  ['with"quote', true],
  ['', true],
]);

test('a JSON name that is not lowerCamelCase is a warning, not an error', () => {
  const issues = validateJsonFieldName('Container_Port', 'json');
  assert.deepEqual(
    issues.map((i) => i.severity),
    ['warning'],
  );
});

describe('Go struct fields', () => {
  const path = 'v1alpha1: .spec';
  test('distinct exported names are fine', () => {
    assert.deepEqual(
      validateGoStructFields(
        [
          { json: 'size', go: 'Size' },
          { json: 'containerPort', go: 'ContainerPort' },
        ],
        path,
      ),
      [],
    );
  });
  test('two JSON fields with one Go name', () => {
    const issues = validateGoStructFields(
      [
        { json: 'port', go: 'Port' },
        { json: 'Port', go: 'Port' },
      ],
      path,
    );
    assert.deepEqual(
      issues.map((i) => [i.path, i.message]),
      [
        [
          'v1alpha1: .spec.Port',
          'fields "port" and "Port" both become Go field Port: give one of them another Go name',
        ],
      ],
    );
  });
  test('a field named like a generated method', () => {
    const issues = validateGoStructFields([{ json: 'deepCopy', go: 'DeepCopy' }], path);
    assert.match(issues[0]?.message ?? '', /clashes with a generated method/);
  });
});
