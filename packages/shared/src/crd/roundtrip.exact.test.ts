// Issue 30, point 7: what the import round trip over real CRDs lost. Each input is imported,
// written as a design, read back and generated again, and must come back byte for byte:
// integers beyond 2^53 in default/enum/example (Go keeps a raw JSON value digit for digit),
// a float64 bound of -2^63 (controller-gen writes it in 'g' form: go-yaml reads its JSON digits
// -9223372036854776000 as a float, out of int64's range), and the document separators kubectl
// ignores (a trailing `---`, a second leading one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDesign, serializeDesign } from '../design/io';
import { generateCrd } from './generate';
import { importCrd } from './import';

const CRD = `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  annotations:
    controller-gen.kubebuilder.io/version: v0.21.0
  name: limits.example.com
spec:
  group: example.com
  names:
    kind: Limit
    listKind: LimitList
    plural: limits
    singular: limit
  scope: Namespaced
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          spec:
            properties:
              big:
                default: 9223372036854775807
                enum:
                - 9223372036854775807
                - -9223372036854775808
                - 18446744073709551615
                - 1
                example: 9223372036854775807
                format: int64
                maximum: 1.8446744073709552e+19
                minimum: -9.223372036854776e+18
                type: integer
              nested:
                default:
                  limits:
                  - 9007199254740993
                type: object
                x-kubernetes-preserve-unknown-fields: true
            type: object
        type: object
    served: true
    storage: true
`;

function roundTrip(text: string): { crd: string; design: string } {
  const imported = importCrd(text);
  assert.ok(imported.ok, imported.ok ? '' : JSON.stringify(imported.errors));
  const design = serializeDesign(imported.design);
  const reread = parseDesign(design);
  assert.ok(reread.ok, reread.ok ? '' : JSON.stringify(reread.errors));
  return { crd: generateCrd(reread.design), design };
}

test('integers beyond 2^53 in default, enum and example, and a bound of -2^63, come back byte for byte', () => {
  const { crd, design } = roundTrip(CRD);
  assert.equal(crd, CRD);
  // the design file keeps the digits too (what a person reads and edits)
  assert.match(design, /default: 9223372036854775807\n/);
  assert.match(design, /- 9007199254740993\n/);
  assert.match(design, /minimum: -9\.223372036854776e\+18\n/);
});

test('a trailing `---` or a second leading `---` is ignored, as kubectl ignores it', () => {
  assert.equal(roundTrip(`${CRD}---\n`).crd, CRD);
  assert.equal(roundTrip(`---\n${CRD}`).crd, CRD);
  assert.equal(roundTrip(`${CRD}---\n# nothing here\n`).crd, CRD);
});

test('two real documents are still refused', () => {
  const r = importCrd(`${CRD}---\n${CRD}`);
  assert.ok(!r.ok);
  assert.match(r.errors[0]?.message ?? '', /expected one YAML document, found 2/);
});
