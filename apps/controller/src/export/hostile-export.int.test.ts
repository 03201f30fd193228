// Issue 12.4 with the real Go toolchain: (1) the kitchen sink with hostile text in the fields
// that legitimately hold free text (descriptions, enum values, defaults, CEL rules and
// messages, pattern, title, the operand's command) exports a project that builds and passes
// `go vet`, with the same top-level declarations as the plain kitchen sink; (2) the injection
// design (a listMapKey that ends the marker comment and adds `func init()`) is refused by the
// export, naming the field, and even its types rendered without validation build, vet clean
// and declare nothing new; (3) controller-gen reads the hostile text back as written. Needs Go
// and the module proxy (minutes when the module cache is cold).
// @lane: build an exported Go project from hostile input
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCrd } from '@opstudio/shared/crd/generate';
import { parseDesign } from '@opstudio/shared/design/io';
import { fullGroup, resolveNames } from '@opstudio/shared/design/names';
import type { NamedField } from '@opstudio/shared/design/field';
import type { Design } from '@opstudio/shared/design/schema';
import { generateGoTypes } from '@opstudio/shared/gotypes/generate';
import { exportZip } from '@opstudio/shared/scaffold/export-zip';
import { ScaffoldError } from '@opstudio/shared/scaffold/facts';
import { scaffoldProject } from '@opstudio/shared/scaffold/scaffold';
import { goDeclLister } from '@opstudio/shared/testing/go-decls';
import { repoRoot } from '../config';
import { ensureControllerGen, runControllerGen, writeModule } from '../oracle/controller-gen';
import { hasGo, run, type StepResult } from './go-check';
import { writeTree } from './write-tree';
import { loadCel } from '@opstudio/cel/node';

// a graph's export reads what each child reads from the CEL engine
await loadCel();

const INJECTION = 'name\n}\nfunc init() { panic(1) }\n//';
const HOSTILE =
  'a */ `b` "c" \'\' } {\nfunc init() { panic(1) }\n// +kubebuilder:validation:Enum=x\r\u0085\u2028\u2029 \\ ${x} %d é😀';
/** CEL messages are single lines (the API server says so). */
const HOSTILE_LINE = 'a */ `b` "c" \'\' } { func init() { panic(1) } // +kubebuilder:validation:Enum=x \\ %d é😀';
const lister = goDeclLister();
const skip = !hasGo()
  ? 'go and make are needed for the export build check'
  : 'unavailable' in lister
    ? lister.unavailable
    : false;

function kitchenSink(): Design {
  const parsed = parseDesign(readFileSync(join(repoRoot, 'examples/kitchen-sink.design.yaml'), 'utf8'));
  assert.ok(parsed.ok);
  return structuredClone(parsed.design);
}

const specField = (d: Design, name: string): NamedField =>
  d.crd.versions[0]!.schema!.fields!.find((f) => f.name === 'spec')!.fields!.find((f) => f.name === name)!;

/** Free text everywhere it is allowed: every piece must be quoted or commented, never code. */
function hostileButValid(hostile = HOSTILE): Design {
  const d = kitchenSink();
  const mode = specField(d, 'mode');
  mode.enum = ['Fast', 'Slow', hostile];
  mode.default = hostile;
  mode.title = hostile;
  specField(d, 'replicas').description =
    'Replicas */ `x`\n}\nfunc init() { panic(1) }\n// +kubebuilder:validation:Maximum=1';
  const owner = specField(d, 'owner');
  owner.validations = [
    ...(owner.validations ?? []),
    { rule: `self != ${JSON.stringify(hostile)}`, message: HOSTILE_LINE },
  ];
  specField(d, 'url').pattern = '^https?://[^`"]*\n?$';
  d.operand!.command = ['sh', '-c', hostile];
  return d;
}

function buildAndVet(t: { diagnostic: (m: string) => void }, dir: string, pkgs: string): void {
  for (const step of [
    run(`go build ${pkgs}`, dir, 'go', ['build', pkgs]),
    run(`go vet ${pkgs}`, dir, 'go', ['vet', pkgs]),
  ] satisfies StepResult[]) {
    t.diagnostic(`${step.step}: ${step.ok ? 'ok' : 'FAILED'} in ${step.seconds.toFixed(1)} s`);
    assert.ok(step.ok, `${step.step} failed:\n${step.output}`);
  }
}

test(
  'hostile free text exports a project that builds, vets clean and declares what the plain one does',
  { skip, timeout: 40 * 60_000 },
  (t) => {
    if ('unavailable' in lister) return;
    const design = hostileButValid();
    const zip = exportZip(design);
    assert.deepEqual(lister.list(zip.scaffold.files), lister.list(scaffoldProject(kitchenSink()).files));
    const dir = mkdtempSync(join(tmpdir(), 'opstudio-hostile-export-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    writeTree(dir, zip.scaffold.files);
    buildAndVet(t, dir, './...');
  },
);

test(
  'the injection design is refused by the export; its types rendered anyway build, vet clean and add nothing',
  { skip, timeout: 40 * 60_000 },
  (t) => {
    if ('unavailable' in lister) return;
    const design = kitchenSink();
    specField(design, 'ports').listMapKeys = [INJECTION];
    assert.throws(
      () => exportZip(design),
      (e: unknown) => e instanceof ScaffoldError && e.path === 'versions[v1].spec.ports.listMapKeys',
    );

    // the plain project, with api/ replaced by the types the renderer writes for the injection design
    const files = new Map(scaffoldProject(kitchenSink()).files);
    const forced = generateGoTypes(design).files;
    for (const [path, text] of forced) files.set(path, text);
    assert.match(
      forced.get('api/v1/widget_types.go') ?? '',
      /^\t\/\/ \+listMapKey="name\\n}\\nfunc init\(\) \{ panic\(1\) \}\\n\/\/"$/m,
    );
    assert.deepEqual(lister.list(forced), lister.list(generateGoTypes(kitchenSink()).files));
    const dir = mkdtempSync(join(tmpdir(), 'opstudio-injection-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    writeTree(dir, files);
    buildAndVet(t, dir, './api/...');
  },
);

test(
  'controller-gen reads the hostile text and a quoted listMapKey back as written: its CRD is ours',
  { skip, timeout: 40 * 60_000 },
  () => {
    const built = ensureControllerGen();
    assert.ok(built.ok, built.ok ? '' : built.reason);
    // without U+0085: go-yaml writes it raw where our YAML emitter writes \N (a YAML difference, not a Go one)
    const design = hostileButValid(HOSTILE.replace('\u0085', ''));
    // a key that is not a plain token is written quoted: +listMapKey="x:y"
    const ports = specField(design, 'ports');
    ports.items!.fields = [...(ports.items!.fields ?? []), { name: 'x:y', type: 'string', required: true }];
    ports.listMapKeys = ['name', 'x:y'];
    const ours = generateGoTypes(design);
    assert.match(ours.files.get('api/v1/widget_types.go') ?? '', /\/\/ \+listMapKey="x:y"\n/);
    const dir = writeModule(design.project.repo, ours.files);
    try {
      const cg = runControllerGen(built.binary, dir, { allowDangerousTypes: ours.allowDangerousTypes });
      assert.equal(cg.status, 0, `controller-gen failed:\n${cg.stderr}`);
      const crdFile = `${fullGroup(design)}_${resolveNames(design.crd.names).plural}.yaml`;
      assert.equal(readFileSync(join(dir, 'config/crd/bases', crdFile), 'utf8'), generateCrd(ours.expressed));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test.after(() => {
  if (!('unavailable' in lister)) lister.close();
});
