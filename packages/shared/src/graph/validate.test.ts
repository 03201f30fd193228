/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { WEBAPP_GRAPH } from '../testing/webapp-graph';
import { splitExpressions } from './expressions';
import { validateGraph } from './validate';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const cm = (id: string, data: Record<string, string> = {}, extra: object = {}) => ({
  id,
  template: { apiVersion: 'v1', kind: 'ConfigMap', data },
  ...extra,
});
const issues = (resources: unknown[], status?: Record<string, string>) =>
  validateGraph({ resources, ...(status ? { status } : {}) }).map((i) => `${i.path}: ${i.message}`);

describe('validateGraph', () => {
  test('the Web app example is valid', () => assert.deepEqual(validateGraph(WEBAPP_GRAPH), []));

  const cases: { name: string; resources: unknown[]; status?: Record<string, string>; expect: RegExp[] }[] = [
    {
      name: 'a cycle names the children and the fields that form it',
      resources: [
        cm('deployment', { a: '${service.metadata.name}' }),
        {
          id: 'service',
          template: { apiVersion: 'v1', kind: 'Service', spec: { selector: '${deployment.spec.selector}' } },
        },
      ],
      expect: [
        /^resources\[0\]\.template\.data\.a: deployment → service → deployment is a cycle \(deployment reads service at resources\[0\]\.template\.data\.a; service reads deployment at resources\[1\]\.template\.spec\.selector\)/,
      ],
    },
    {
      name: 'a child reading itself in its template is a cycle',
      resources: [cm('a', { x: '${a.metadata.name}' })],
      expect: [/^resources\[0\]\.template\.data\.x: a → a is a cycle/],
    },
    {
      name: 'an unknown id is refused at its path',
      resources: [cm('a', { x: '${servcie.metadata.name}' })],
      expect: [
        /^resources\[0\]\.template\.data\.x: \$\{servcie\.metadata\.name\}: servcie is not a resource of this design: expressions can read self, a$/,
      ],
    },
    {
      name: 'an unknown id in a status binding or includeWhen',
      resources: [cm('a', {}, { includeWhen: 'b.x' })],
      status: { url: '${c.y}' },
      expect: [/^resources\[0\]\.includeWhen: \$\{b\.x\}: b is not/, /^status\.url: \$\{c\.y\}: c is not/],
    },
    {
      name: 'a CEL syntax error, and an unclosed ${',
      resources: [cm('a', { x: '${self.spec.(}', y: 'v-${self.spec.n' })],
      expect: [
        /^resources\[0\]\.template\.data\.y: `\$\{` at offset 2 is not closed/,
        /^resources\[0\]\.template\.data\.x: \$\{self\.spec\.\(\}: /,
      ],
    },
    {
      name: 'duplicate ids',
      resources: [cm('a'), cm('a')],
      expect: [/^resources\[1\]\.id: the id a is used by an earlier resource/],
    },
    {
      name: 'a template without kind',
      resources: [{ id: 'a', template: { apiVersion: 'v1' } }],
      expect: [/^resources\[0\]\.template\.kind: /],
    },
    {
      name: 'an id that is not a CEL variable and a DNS label',
      resources: [cm('my-config'), cm('self')],
      expect: [/^resources\[0\]\.id: an id is lower-case letters/, /^resources\[1\]\.id: this id is a CEL name/],
    },
    {
      name: 'owner references belong to the planner (a namespace is the design’s: design-scope.test.ts)',
      resources: [
        {
          id: 'a',
          template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'x', ownerReferences: [] } },
        },
      ],
      expect: [/^resources\[0\]\.template\.metadata\.ownerReferences: remove it/],
    },
    {
      name: 'comprehension variables, cel.bind and a child reading itself in readyWhen are not references',
      resources: [
        cm(
          'a',
          { x: "${self.spec.ports.map(p, p.port).exists(q, q > 1) ? 'y' : 'n'}", y: '${cel.bind(v, 1, v + 1)}' },
          {
            readyWhen: 'a.metadata.name != ""',
          },
        ),
      ],
      expect: [],
    },
    {
      name: 'a fixed name the kind cannot have is refused at design time; one from an expression waits for the plan',
      resources: [
        { id: 'svc', template: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web.site' } } },
        { id: 'cm', template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web.site' } } },
        {
          id: 'role',
          template: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'a:b' } },
        },
        { id: 'svc2', template: { apiVersion: 'v1', kind: 'Service', metadata: { name: '${self.spec.x}' } } },
      ],
      expect: [/^resources\[0\]\.template\.metadata\.name: "web\.site" is not a valid Service name: /],
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      const got = issues(c.resources, c.status);
      assert.equal(got.length, c.expect.length, got.join('\n'));
      c.expect.forEach((re, i) => assert.match(got[i]!, re));
    });
});

describe('splitExpressions', () => {
  test('braces and quotes inside the CEL do not end it', () => {
    assert.deepEqual(splitExpressions("a-${ {'k': '}'}['k'] }-b"), {
      ok: true,
      parts: [{ text: 'a-' }, { expr: "{'k': '}'}['k']" }, { text: '-b' }],
    });
  });
  test('a string without expressions is one text part', () =>
    assert.deepEqual(splitExpressions('plain'), { ok: true, parts: [{ text: 'plain' }] }));
});
