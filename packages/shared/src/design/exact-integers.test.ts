// Integers beyond 2^53 in a design (docs/design/0044): exact in the CRD schema's values, from
// the design file to the CRD, the sample CR, the checks and the JSON the API server gets; refused
// with a clear message where the value would travel as a plain JSON number (a child template).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadCel } from '@opstudio/cel/node';
import { crdObject } from '../crd/generate';
import { jsonEqual, show } from '../crd/diff-json';
import { jsonText } from '../crd/json-text';
import { generateSample } from '../manifests/sample';
import { validateDesign } from '../validate/design';
import { parseDesign } from './io';

// the checks below then run the CEL module too: the schema and the sample reach it as JSON
await loadCel();

const appConfig = readFileSync(new URL('../../../../examples/app-config.design.yaml', import.meta.url), 'utf8');
const withBigDefault = appConfig.replace(
  '          maxLength: 16\n',
  '          maxLength: 16\n' +
    '        - name: budget\n          type: integer\n          format: int64\n' +
    '          default: 9223372036854775807\n          enum:\n          - 9223372036854775807\n          - 1\n' +
    '          validations:\n          - rule: self > 9007199254740992\n',
);

test('a bigint default in the schema reaches the CRD JSON, the sample and the checks exactly', () => {
  const parsed = parseDesign(
    withBigDefault.replace(
      '        - name: logLevel\n',
      '        - name: limit\n          type: integer\n          format: int64\n' +
        '          example: 9223372036854775807\n        - name: logLevel\n',
    ),
  );
  assert.ok(parsed.ok, parsed.ok ? '' : JSON.stringify(parsed.errors));
  const json = jsonText(crdObject(parsed.design));
  assert.match(json, /"default":9223372036854775807,"enum":\[9223372036854775807,1\]/);
  const sample = generateSample(parsed.design);
  assert.match(sample, /budget: 9223372036854775807\n/);
  assert.match(sample, /limit: 9223372036854775807\n/);
  const issues = validateDesign(parsed.design).filter((i) => /budget|limit/.test(i.path));
  assert.deepEqual(issues, [], 'the default is an integer, one of the enum, within int64, and passes its rule');
  // the rule runs on the sample: rounded to a double, 2^63 would not even be an int64
  const failing = parseDesign(withBigDefault.replace('self > 9007199254740992', 'self < 9223372036854775807'));
  assert.ok(failing.ok);
  const budget = validateDesign(failing.design)
    .filter((i) => i.path.includes('budget'))
    .map((i) => i.message);
  // the API server runs the rule on the default itself too (the CRD is refused), and on the sample
  assert.ok(
    budget.some((m) => m.startsWith('the API server refuses the default: failed rule: self < 9223372036854775807')),
    budget.join('\n'),
  );
  assert.ok(
    budget.some((m) => /the sample CR fails this rule/.test(m)),
    budget.join('\n'),
  );
});

test('the installed CRD (doubles only) does not read as changed; messages show the digits', () => {
  assert.ok(jsonEqual(9223372036854775807n, 2 ** 63), 'the API server returns 2^63 for it');
  assert.ok(!jsonEqual(9223372036854775807n, 2 ** 63 - 1024));
  assert.equal(show([9223372036854775807n]), '[9223372036854775807]');
});

test('an integer beyond 2^53 in a child template is refused at its path, not rounded', () => {
  const text = appConfig.replace(
    '        APP: ${self.spec.app}\n',
    '        APP: ${self.spec.app}\n      spec:\n        huge: 9223372036854775807\n',
  );
  const parsed = parseDesign(text);
  assert.ok(!parsed.ok);
  const e = parsed.errors.find((x) => x.path.includes('resources[0]'));
  assert.ok(e, JSON.stringify(parsed.errors));
  assert.match(e.message, /beyond ±9007199254740991 is not kept exactly here .*write it as a string/);
});

test('jsonText writes what JSON.stringify writes, and bigints as their digits', () => {
  for (const v of [null, 1.5, 'x"\u2028', [1, undefined, () => 1], { a: undefined, b: [true], '': {} }, new Date(0)])
    assert.equal(jsonText(v), JSON.stringify(v));
  assert.equal(jsonText({ n: -(2n ** 63n), m: [2n ** 64n] }), '{"n":-9223372036854775808,"m":[18446744073709551616]}');
});
