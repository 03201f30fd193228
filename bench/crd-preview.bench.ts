/**
 * How fast the CRD preview is: generateCrd for a 200-field design (the designer regenerates on
 * every keystroke; target well under 5 ms), and the conformance round trip per corpus file.
 * Run: node --import tsx bench/crd-preview.bench.ts
 */
import { generateCrd } from '../packages/shared/src/crd/generate';
import { importCrd } from '../packages/shared/src/crd/import';
import { parseDesign, serializeDesign } from '../packages/shared/src/design/io';
import type { Design } from '../packages/shared/src/design/schema';
import type { NamedField } from '../packages/shared/src/design/field';
import { corpusFiles } from '../packages/shared/src/testing/corpus';

function median(run: () => void, times: number): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

/** 200 fields: 20 groups of 9 leaves of every common kind, plus the group objects. */
function design200(): Design {
  const groups: NamedField[] = [];
  for (let g = 0; g < 20; g++) {
    const leaves: NamedField[] = [
      {
        name: `count${g}`,
        type: 'integer',
        format: 'int32',
        description: 'How many replicas of the component to run; the controller scales the Deployment to match.',
        minimum: 0,
        maximum: 100,
        default: 1,
      },
      {
        name: `name${g}`,
        type: 'string',
        description: 'A name',
        maxLength: 63,
        pattern: '^[a-z0-9-]+$',
        required: true,
      },
      { name: `mode${g}`, type: 'string', enum: ['Fast', 'Slow', 'True'] },
      { name: `tags${g}`, type: 'array', items: { type: 'string' }, listType: 'set' },
      { name: `labels${g}`, type: 'object', additionalProperties: { type: 'string' } },
      { name: `ratio${g}`, type: 'number', minimum: 0.5 },
      { name: `enabled${g}`, type: 'boolean', default: true },
      { name: `port${g}`, intOrString: true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
      { name: `rule${g}`, type: 'string', validations: [{ rule: 'self == oldSelf', message: 'immutable' }] },
    ];
    groups.push({ name: `group${g}`, type: 'object', description: `Group ${g} settings.`, fields: leaves });
  }
  return {
    apiVersion: 'studio.opstudio.dev/v1alpha1',
    kind: 'OperatorDesign',
    project: { domain: 'example.com', repo: 'github.com/example/big', projectName: 'big' },
    crd: {
      group: 'bench',
      names: { kind: 'Big' },
      scope: 'Namespaced',
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: true },
          schema: {
            type: 'object',
            fields: [
              { name: 'spec', type: 'object', fields: groups },
              { name: 'status', type: 'object', fields: [{ name: 'conditions', preset: 'conditions' }] },
            ],
          },
        },
      ],
    },
  };
}

const big = design200();
console.log(
  `generateCrd, 200-field design: median ${median(() => generateCrd(big), 500).toFixed(3)} ms over 500 runs (${generateCrd(big).length} bytes)`,
);
console.log(
  `parseDesign + generateCrd (the keystroke path): median ${median(() => {
    const r = parseDesign(serializeDesign(big));
    if (r.ok) generateCrd(r.design);
  }, 200).toFixed(3)} ms`,
);
console.log('');
console.log('| corpus file | bytes | import | serializeDesign | parseDesign | generateCrd |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const f of corpusFiles()) {
  const runs = f.text.length > 200_000 ? 5 : 30;
  let design: Design | undefined;
  const imp = median(() => {
    const r = importCrd(f.text);
    if (r.ok) design = r.design;
  }, runs);
  if (!design) throw new Error(`${f.name} does not import`);
  const d = design;
  let text = '';
  const ser = median(() => {
    text = serializeDesign(d);
  }, runs);
  const par = median(() => parseDesign(text), runs);
  const gen = median(() => generateCrd(d), runs);
  console.log(
    `| ${f.name} | ${f.text.length} | ${imp.toFixed(1)} ms | ${ser.toFixed(1)} ms | ${par.toFixed(1)} ms | ${gen.toFixed(1)} ms |`,
  );
}
