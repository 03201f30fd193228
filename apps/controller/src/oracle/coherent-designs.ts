/**
 * Random designs whose schemas are coherent (bounds in order, defaults inside them, patterns
 * and formats real CRDs use), for checks that need a design the API server accepts: the
 * sample's validity against its own CRD. The oracle's random-designs.ts aims at the opposite
 * (inapplicable keywords) and so is rarely installable.
 */
import fc from 'fast-check';
import type { NamedField } from '@opstudio/shared/design/field';
import type { Design } from '@opstudio/shared/design/schema';

const name = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/);
const PATTERNS = [
  '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
  '^[A-Z][A-Za-z]+$',
  '^\\d+(m|Mi|Gi)?$',
  '^(http|https)://',
  '^v\\d+',
];
const FORMATS = ['date-time', 'date', 'email', 'hostname', 'uri', 'ipv4', 'cidr', 'uuid', 'duration'];

const leaf: fc.Arbitrary<Omit<NamedField, 'name'>> = fc.oneof(
  fc.record({ min: fc.integer({ min: -5, max: 50 }), span: fc.integer({ min: 0, max: 100 }) }).map(({ min, span }) => ({
    type: 'integer' as const,
    minimum: min,
    maximum: min + span,
  })),
  fc.record({ min: fc.integer({ min: 0, max: 10 }), span: fc.integer({ min: 0, max: 30 }) }).map(({ min, span }) => ({
    type: 'string' as const,
    minLength: min,
    maxLength: Math.max(min, 12) + span,
  })),
  fc.constantFrom(...PATTERNS).map((pattern) => ({ type: 'string' as const, pattern })),
  fc.constantFrom(...FORMATS).map((format) => ({ type: 'string' as const, format })),
  fc.uniqueArray(fc.stringMatching(/^[A-Z][a-z]{1,6}$/), { minLength: 1, maxLength: 4 }).map((e) => ({
    type: 'string' as const,
    enum: e,
  })),
  fc.constant({ type: 'boolean' as const }),
  fc.integer({ min: 0, max: 3 }).map((minItems) => ({
    type: 'array' as const,
    minItems,
    items: { type: 'string' as const, minLength: 1 },
  })),
);

const field = (depth: number): fc.Arbitrary<NamedField> =>
  fc
    .record({
      name,
      required: fc.boolean(),
      body:
        depth > 0
          ? fc.oneof(
              leaf,
              fields(depth - 1).map((fs) => ({ type: 'object' as const, fields: fs })),
            )
          : leaf,
    })
    .map(({ name: n, required, body }) => ({ name: n, ...(required ? { required: true } : {}), ...body }));

const fields = (depth: number): fc.Arbitrary<NamedField[]> =>
  fc.uniqueArray(field(depth), { minLength: 1, maxLength: 6, selector: (f) => f.name });

export function coherentDesigns(count: number, seed: number): Design[] {
  return fc.sample(fields(2), { numRuns: count, seed }).map((specFields, i) => ({
    apiVersion: 'studio.opstudio.dev/v1alpha1',
    kind: 'OperatorDesign',
    project: { domain: 'example.com', repo: `github.com/example/coherent${i}`, projectName: `coherent${i}` },
    crd: {
      group: 'sample',
      names: { kind: `Coherent${i}` },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: true },
          schema: { type: 'object', fields: [{ name: 'spec', type: 'object', required: true, fields: specFields }] },
        },
      ],
    },
  }));
}
