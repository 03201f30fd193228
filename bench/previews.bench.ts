/**
 * What one keystroke in the designer costs: every preview regenerated from a realistic
 * 200-field design (bench/design-200.ts): the CRD, the manager ClusterRole, the sample CR,
 * validateDesign, and the Go types when packages/shared/src/gotypes exports a generator.
 * Prints median, p95 and min per artefact and for all of them in one pass (target: total
 * median under 5 ms). Parsing the design YAML is shown apart: the preview regenerates from
 * the design object, and only re-parses when the YAML text itself is edited.
 * Run: node --import tsx bench/previews.bench.ts [runs]
 */
import { availableParallelism, loadavg } from 'node:os';
import { generateCrd } from '../packages/shared/src/crd/generate';
import { parseDesign, serializeDesign } from '../packages/shared/src/design/io';
import type { Design } from '../packages/shared/src/design/schema';
import { generateRbac } from '../packages/shared/src/manifests/rbac';
import { generateSample } from '../packages/shared/src/manifests/sample';
import { validateDesign, validateDesignText } from '../packages/shared/src/validate/design';
import { design200 } from './design-200';

type Preview = (d: Design) => unknown;

/** The Go types generator, if the gotypes module exists and exports one (another helper is writing it). */
async function goTypesGenerator(): Promise<Preview | undefined> {
  try {
    const mod = (await import('../packages/shared/src/gotypes/index')) as Record<string, unknown>;
    const name = ['generateGoTypes', 'generateTypes', 'goTypes'].find((n) => typeof mod[n] === 'function');
    return name === undefined ? undefined : (mod[name] as Preview);
  } catch {
    return undefined;
  }
}

interface Stats {
  median: number;
  p95: number;
  min: number;
  wall: number;
}

/**
 * CPU time of this process per run (all its threads, so garbage collection counts), with the
 * wall-clock median beside it: on a machine shared with other jobs the wall clock mostly
 * measures how long the process waited for a core.
 */
const warmups = (runs: number): number => Math.ceil(Math.max(20, runs / 5));

/** Runs `run(-1)` … `run(-warmups)` to let the JIT settle, then `run(0)` … `run(runs - 1)` measured. */
function measure(run: (i: number) => void, runs: number): Stats {
  for (let i = 0; i < warmups(runs); i++) run(-1 - i);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    run(i);
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const at = (xs: number[], q: number): number =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  return { median: at(cpu, 0.5), p95: at(cpu, 0.95), min: at(cpu, 0), wall: at(wall, 0.5) };
}

const ms = (n: number): string => `${n.toFixed(3)} ms`;

/** The design after a keystroke in component3: its image description, or a new field's name. */
function edited(base: Design, edit: 'description' | 'field name', i: number): Design {
  const d = structuredClone(base);
  const spec = d.crd.versions[0]!.schema!.fields!.find((f) => f.name === 'spec')!;
  const component = spec.fields!.find((f) => f.name === 'component3')!;
  if (edit === 'description')
    component.fields!.find((f) => f.name === 'image')!.description = `image${'s'.repeat(i % 2)}`;
  else component.fields!.push({ name: `setting${i}`, type: 'string' });
  return d;
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 300);
  const design = design200();
  const previews: [string, Preview][] = [
    ['CRD (generateCrd)', generateCrd],
    ['RBAC (generateRbac)', generateRbac],
    ['sample (generateSample)', generateSample],
    ['validateDesign', validateDesign],
  ];
  const goTypes = await goTypesGenerator();
  if (goTypes) previews.push(['Go types', goTypes]);

  const issues = validateDesign(design);
  if (issues.length > 0) throw new Error(`the benchmark design should be clean: ${JSON.stringify(issues[0])}`);
  // A keystroke in a description changes no CEL type and not the sample: the usual case.
  const typing = [edited(design, 'description', 0), edited(design, 'description', 1)];
  const at = (i: number): Design => typing[Math.abs(i) % 2]!;
  const rows: [string, Stats][] = previews.map(([name, f]) => [name, measure((i) => f(at(i)), runs)]);
  if (goTypes) {
    const withoutGo = previews.filter(([, f]) => f !== goTypes);
    rows.push(['total without Go types', measure((i) => withoutGo.forEach(([, f]) => f(at(i))), runs)]);
  }
  rows.push(['total: all of the above, one pass', measure((i) => previews.forEach(([, f]) => f(at(i))), runs)]);
  // Typing a field's name changes the CEL types of every enclosing rule: nothing memoised helps.
  const named = Array.from({ length: runs + warmups(runs) }, (_, i) => edited(design, 'field name', i));
  const fresh = (i: number): Design => named[i < 0 ? runs - 1 - i : i]!;
  const worst: [string, Stats][] = [
    ['validateDesign, typing a new field name', measure((i) => validateDesign(fresh(i)), runs)],
    ['total, typing a new field name', measure((i) => previews.forEach(([, f]) => f(fresh(i))), runs)],
  ];
  const text = serializeDesign(design);
  const extra: [string, Stats][] = [
    [`parseDesign (${text.length} bytes of YAML)`, measure(() => parseDesign(text), Math.min(runs, 100))],
    ['validateDesignText (parse + validate)', measure(() => validateDesignText(text), Math.min(runs, 100))],
  ];

  console.log(
    `Previews of a 200-field design per keystroke, ${runs} runs after warm-up, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  if (!goTypes) console.log('(Go types left out: packages/shared/src/gotypes exports no generator yet)');
  console.log('');
  console.log('| artefact | CPU median | CPU p95 | CPU min | wall median |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, s] of [...rows, ...worst, ...extra])
    console.log(`| ${name} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.min)} | ${ms(s.wall)} |`);
  const total = rows.at(-1)![1].median;
  console.log('');
  console.log(`total CPU median ${ms(total)}: ${total < 5 ? 'under' : 'OVER'} the 5 ms target`);
}

await main();
