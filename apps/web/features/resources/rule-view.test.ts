import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldVerdict } from '@opstudio/shared/resources/rule-check';
import { fieldErrors, refusalLine, refusals, yamlMarks } from './rule-view';
import type { RulesState } from './use-rule-check';

const verdict = (field: string, path: (string | number)[], detail: string, type = 'FieldValueInvalid', rule = true) =>
  ({
    field,
    path,
    detail,
    message: `${type === 'FieldValueRequired' ? 'Required value' : 'Invalid value'}: ${detail}`,
    text: `${field || '<nil>'}: Invalid value: ${detail}`,
    type,
    rule,
  }) satisfies FieldVerdict;

const name = verdict('spec.ports[1].name', ['spec', 'ports', 1, 'name'], 'port names are lower-case letters');
const image = verdict('spec.image', ['spec', 'image'], '', 'FieldValueRequired', false);
const root = verdict('', [], 'some validation rules were not checked', 'FieldValueInvalid', false);
const checked = (current: boolean): RulesState => ({
  state: 'checked',
  current,
  check: { errors: [name, image, root], warnings: [], unchecked: [] },
});

test("each field gets the rule's words, the schema's checks the API server's, and a required field the form's", () => {
  assert.deepEqual(
    [...fieldErrors([], [name, image, root])],
    [
      ['spec.ports.1.name', ['port names are lower-case letters']],
      ['spec.image', ['Required value: ']],
    ],
  );
  // once Apply found it empty the form says it, and the API server's "Required value" is not repeated
  assert.deepEqual(fieldErrors([['spec', 'image']], [name, image]).get('spec.image'), ['image is required']);
});

test('Apply is held back only for a verdict about the object on screen', () => {
  assert.equal(refusals(checked(true)).length, 3);
  assert.deepEqual(refusals(checked(false)), []);
  assert.deepEqual(refusals({ state: 'loading' }), []);
});

test('the list and the YAML markers say the lines as the API server lists them, the object itself without <nil>', () => {
  assert.equal(refusalLine(name), 'spec.ports[1].name: Invalid value: port names are lower-case letters');
  assert.equal(refusalLine(root), 'Invalid value: some validation rules were not checked');
  assert.deepEqual(
    yamlMarks(checked(false)).map((m) => m.path),
    [['spec', 'ports', 1, 'name'], ['spec', 'image'], []],
  );
});
