/// <reference types="node" />
// Issue 12.4, fuzzed: the Memcached and kitchen-sink designs with hostile strings (line breaks
// of all five kinds, comment ends, quotes, backticks, braces, `func init()`, NUL, BOM, lone
// surrogates, very long and unicode text) in any of their string fields. Each design either
// fails validation with a one-line error naming a design path, or exports Go whose top-level
// declarations, as go/parser reads them, are exactly those of the unmodified design.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { generateGoTypes } from '../gotypes/generate';
import { goDeclLister, type GoDecls } from '../testing/go-decls';
import { ScaffoldError } from './facts';
import { scaffoldProject } from './scaffold';
import { loadCel } from '@opstudio/cel/node';

// every export plans its graph with the CEL engine (the image form's too, docs/design/0046)
await loadCel();

const examples = join(dirname(fileURLToPath(import.meta.url)), '../../../../examples');
const INJECTION = 'name\n}\nfunc init() { panic(1) }\n//';
const RAW_BREAK = /[\r\u0085\u2028\u2029\0\uFEFF]/;

function load(name: string): Design {
  const parsed = parseDesign(readFileSync(join(examples, name), 'utf8'));
  assert.ok(parsed.ok, name);
  return parsed.design;
}

type Key = string | number;
/** Keys whose values are enums or literals: a hostile value only tests zod's enum check. */
const ENUMS = new Set(['apiVersion', 'kind', 'type', 'scope', 'listType', 'mapType', 'preset', 'reason']);
const isBranch = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && ['fields', 'items', 'additionalProperties'].some((k) => k in v);

/**
 * Every string in the design, by key path. The names of fields with children are left out:
 * a valid new name renames their Go struct types, so the declarations would rightly differ.
 */
function stringSlots(v: unknown, at: Key[] = [], out: Key[][] = []): Key[][] {
  if (typeof v === 'string') out.push(at);
  else if (Array.isArray(v)) v.forEach((x, i) => stringSlots(x, [...at, i], out));
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && ENUMS.has(k) && !(k === 'kind' && at.at(-1) === 'names')) continue;
      if ((k === 'name' || k === 'goName') && isBranch(v)) continue;
      stringSlots(x, [...at, k], out);
    }
  }
  return out;
}

function setAt(root: unknown, path: Key[], f: (s: string) => string): void {
  let cur = root as Record<Key, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<Key, unknown>;
  const last = path.at(-1)!;
  cur[last] = f(cur[last] as string);
}

const fragment = fc.constantFrom(
  '\n',
  '\r',
  '\r\n',
  '\u0085',
  '\u2028',
  '\u2029',
  '*/',
  '/*',
  '`',
  '``',
  '"',
  "'",
  "''",
  '\\',
  '}',
  '{',
  ')',
  ';',
  ',',
  '=',
  '%d',
  'func init() { panic(1) }',
  INJECTION,
  '\0',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  'é',
  '😀',
  '\u202E',
  ' ',
  '+kubebuilder:validation:Enum=x',
  '// +optional',
  '---',
  'TODO',
);
const hostile = fc.oneof(
  { weight: 4, arbitrary: fc.array(fragment, { minLength: 1, maxLength: 5 }).map((a) => a.join('')) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 300, max: 3000 }), fragment).map(([n, f]) => `${'ab'.repeat(n)}${f}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }) },
);
const mutation = fc.record({ slot: fc.nat(), mode: fc.constantFrom('replace', 'insert', 'append'), text: hostile });
const apply = (s: string, m: { mode: string; text: string }): string =>
  m.mode === 'replace'
    ? m.text
    : m.mode === 'append'
      ? s + m.text
      : `${s.slice(0, s.length >> 1)}${m.text}${s.slice(s.length >> 1)}`;

/**
 * Field keywords that rightly change the declarations when they change: a field name that
 * passes is a rename, which may change what the controller does with the field (conditions,
 * observedGeneration); format and pattern choose the Go type (metav1.Time, resource.Quantity).
 */
const PLAIN: Record<string, (i: number) => string> = {
  name: (i) => `renamed${i}`,
  goName: (i) => `Renamed${i}`,
  format: () => 'plain',
  pattern: () => 'plain',
};
const choosesGoType = (slot: Key[]): boolean => String(slot.at(-1)) in PLAIN && slot.includes('schema');

/**
 * What to expect: the declarations of `base` with the keywords at `slots` set to plain values, or
 * undefined when that design does not export: a plain rename of a field that `base` reads
 * elsewhere (a printer column's jsonPath) breaks the reference, while the hostile design may have
 * broken that reference too, out of the checks' sight. There is nothing to compare with then.
 */
function expectedWithPlain(base: Design, slots: Key[][]): GoDecls | undefined {
  if ('unavailable' in lister) return {};
  const design = structuredClone(base);
  slots.forEach((slot, i) => setAt(design, slot, () => PLAIN[String(slot.at(-1))]!(i)));
  try {
    return normalized(lister.list(scaffoldProject(design).files), design);
  } catch (e) {
    if (e instanceof ScaffoldError) return undefined;
    throw e;
  }
}

/**
 * The module path and the Kind are design strings too: imports of the project's own packages name
 * the module, and a valid Kind names the types (MemcachedSpec) and their file (memcached_types.go).
 * Both are put back to placeholders, so a rename compares equal and an added declaration does not.
 */
function normalized(decls: GoDecls, design: Design): GoDecls {
  const module = design.project.repo;
  const kind = design.crd.names.kind;
  const kindIn = (text: string, k: string) => (k === '' ? text : text.split(k).join('<Kind>'));
  return Object.fromEntries(
    Object.entries(decls).map(([f, ds]) => [
      kindIn(f, kind.toLowerCase()),
      // MemcachedSpec, and memcachedFinalizer (Go's lower-camel form of the Kind)
      ds
        .map((d) =>
          kindIn(
            kindIn(d.replace(`import "${module}/`, 'import "<module>/'), kind),
            kind.charAt(0).toLowerCase() + kind.slice(1),
          ),
        )
        .sort(),
    ]),
  );
}

const lister = goDeclLister();
const skip = 'unavailable' in lister ? lister.unavailable : false;

test(
  'hostile strings in any field: a one-line error naming a path, or Go with exactly the expected declarations',
  { skip, timeout: 120_000 },
  (t) => {
    if ('unavailable' in lister) return;
    const started = performance.now();
    let refused = 0;
    let exported = 0;
    try {
      for (const name of ['memcached.design.yaml', 'kitchen-sink.design.yaml']) {
        const base = load(name);
        const slots = stringSlots(base);
        const expected = normalized(lister.list(scaffoldProject(base).files), base);
        fc.assert(
          fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (mutations) => {
            const design = structuredClone(base);
            for (const m of mutations) setAt(design, slots[m.slot % slots.length]!, (s) => apply(s, m));
            const where = `${name}: ${mutations.map((m) => slots[m.slot % slots.length]!.join('.')).join(', ')}`;
            let files: ReadonlyMap<string, string>;
            try {
              files = scaffoldProject(design).files;
            } catch (e) {
              assert.ok(e instanceof ScaffoldError, `${where}: not a ScaffoldError: ${String(e)}`);
              assert.ok(
                e.path !== undefined && e.path !== '',
                `${where}: the error names no design path: ${e.message}`,
              );
              assert.ok(
                e.message.startsWith(`${e.path}: `) && !/[\n\r\u0085\u2028\u2029]/.test(e.message),
                `${where}: ${e.message}`,
              );
              refused++;
              return;
            }
            exported++;
            const typed = mutations.map((m) => slots[m.slot % slots.length]!).filter(choosesGoType);
            const want = typed.length === 0 ? expected : expectedWithPlain(base, typed);
            if (want === undefined) return;
            for (const [path, text] of files)
              if (path.endsWith('.go'))
                assert.doesNotMatch(text, RAW_BREAK, `${where}: ${path} holds a raw line separator, NUL or BOM`);
            assert.deepEqual(normalized(lister.list(files), design), want, `${where}: other top-level declarations`);
          }),
          {
            numRuns: Number(process.env.FUZZ_RUNS ?? 120),
            includeErrorInReport: true,
            seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
          },
        );
      }
    } finally {
      t.diagnostic(
        `hostile designs: ${refused} refused, ${exported} exported, ${((performance.now() - started) / 1000).toFixed(1)} s (FUZZ_SEED and FUZZ_RUNS pick the batch)`,
      );
    }
  },
);

test('the injection listMapKey, rendered without validation, adds no declaration to api/', { skip }, () => {
  if ('unavailable' in lister) return;
  const base = load('kitchen-sink.design.yaml');
  const design = structuredClone(base);
  const spec = design.crd.versions[0]!.schema!.fields!.find((f) => f.name === 'spec')!;
  spec.fields!.find((f) => f.name === 'ports')!.listMapKeys = [INJECTION];
  const forced = lister.list(generateGoTypes(design).files);
  assert.deepEqual(forced, lister.list(generateGoTypes(base).files));
  for (const [file, decls] of Object.entries(forced)) {
    assert.equal(
      decls.filter((d) => d === 'func init').length,
      file.endsWith('_types.go') ? 1 : 0,
      `${file}: only the init that registers the types`,
    );
  }
  assert.throws(
    () => scaffoldProject(design),
    (e: unknown) => e instanceof ScaffoldError && e.path === 'versions[v1].spec.ports.listMapKeys',
  );
});

test.after(() => {
  if (!('unavailable' in lister)) lister.close();
});
