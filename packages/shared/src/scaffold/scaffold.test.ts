import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCrd } from '../crd/generate';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { generateRbac } from '../manifests/rbac';
import { checkEntryName } from '../zip/zip';
import { exportZip } from './export-zip';
import { fnv32aHex, ScaffoldError } from './facts';
import { GO_MOD_TXT, GO_SUM_TXT } from './go-deps.generated';
import { scaffoldProject } from './scaffold';
import { loadCel } from '@opstudio/cel/node';

// every export plans its graph with the CEL engine (the image form's too, docs/design/0046)
await loadCel();

const here = dirname(fileURLToPath(import.meta.url));
const examples = join(here, '../../../../examples');
const golden = join(here, 'testdata/memcached');

function load(name: string): Design {
  const parsed = parseDesign(readFileSync(join(examples, name), 'utf8'));
  assert.ok(parsed.ok, name);
  return parsed.design;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? walk(join(dir, e)) : [join(dir, e)]));
}

// The planner's Go (internal/graph/*.go) and the studio's CEL environment (internal/celenv) are
// the same static files in every export, held by graph-scaffold.test.ts, celenv-go.test.ts and the
// build check: the golden copy is what the Memcached design decides (design.json included).
const designIndependent = (path: string): boolean =>
  path.startsWith('internal/celenv/') || /^internal\/graph\/[^/]+\.go$/.test(path);

test('the Memcached export equals the golden files (UPDATE_GOLDEN=1 rewrites them)', () => {
  const files = new Map(
    [...scaffoldProject(load('memcached.design.yaml')).files].filter(([path]) => !designIndependent(path)),
  );
  if (process.env.UPDATE_GOLDEN === '1') {
    rmSync(golden, { recursive: true, force: true });
    for (const [path, text] of files) {
      mkdirSync(dirname(join(golden, `${path}.golden`)), { recursive: true });
      writeFileSync(join(golden, `${path}.golden`), text);
    }
  }
  const onDisk = walk(golden)
    .map((p) => relative(golden, p).replace(/\.golden$/, ''))
    .sort();
  assert.deepEqual([...files.keys()].sort(), onDisk, 'the same file list');
  for (const [path, text] of files)
    assert.equal(
      text,
      readFileSync(join(golden, `${path}.golden`), 'utf8'),
      `${path} drifted from testdata/memcached: run with UPDATE_GOLDEN=1 if intended`,
    );
});

test('the export carries the previews: the CRD and the ClusterRole byte for byte', () => {
  const design = load('memcached.design.yaml');
  const { files } = scaffoldProject(design);
  assert.equal(files.get('config/crd/bases/cache.example.com_memcacheds.yaml'), generateCrd(design));
  assert.equal(files.get('config/rbac/role.yaml'), generateRbac(design));
  assert.match(
    files.get('internal/controller/memcached_controller.go') ?? '',
    /\/\/ \+kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete/,
  );
  assert.match(files.get('PROJECT') ?? '', /deploy-image\.go\.kubebuilder\.io\/v1-alpha:/);
  assert.match(files.get('cmd/main.go') ?? '', /LeaderElectionID: +"[0-9a-f]{8}\.example\.com"/);
});

test('the same design gives the same bytes; sorted, safe paths', () => {
  for (const name of ['memcached.design.yaml', 'kitchen-sink.design.yaml']) {
    const design = load(name);
    const a = exportZip(design);
    const b = exportZip(structuredClone(design));
    assert.deepEqual(a.bytes, b.bytes, name);
    const paths = [...a.scaffold.files.keys()];
    assert.deepEqual(
      paths,
      [...paths].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
      `${name}: sorted`,
    );
    for (const p of paths) checkEntryName(p);
    for (const needed of [
      'go.mod',
      'go.sum',
      'PROJECT',
      'Makefile',
      'Dockerfile',
      'cmd/main.go',
      'hack/boilerplate.go.txt',
      'README.md',
      'config/default/kustomization.yaml',
      'config/manager/manager.yaml',
      'config/prometheus/monitor.yaml',
      'config/network-policy/allow-metrics-traffic.yaml',
      'internal/controller/suite_test.go',
    ]) {
      assert.ok(a.scaffold.files.has(needed), `${name}: ${needed}`);
    }
  }
});

test('a design that fails validation is refused before anything is built, naming the path', () => {
  // raw-schema holds what the API server refuses (uniqueItems): its project would not install
  assert.throws(
    () => exportZip(load('raw-schema.design.yaml')),
    (e) => e instanceof ScaffoldError && e.path === 'versions[v1].spec.tags' && /uniqueItems/.test(e.message),
  );
});

test('a hostile design cannot name a file outside the project', () => {
  const design = load('memcached.design.yaml');
  const hostile: Design[] = [
    { ...design, crd: { ...design.crd, names: { ...design.crd.names, kind: '../../../etc/Passwd' } } },
    { ...design, crd: { ...design.crd, names: { ...design.crd.names, plural: '../x' } } },
    { ...design, crd: { ...design.crd, group: '../../tmp' } },
    { ...design, crd: { ...design.crd, versions: [{ ...design.crd.versions[0]!, name: '../v1' }] } },
    { ...design, project: { ...design.project, projectName: '../evil' } },
    { ...design, project: { ...design.project, repo: 'github.com/x/y\nreplace k8s.io/api => ../evil' } },
  ];
  for (const d of hostile) {
    assert.throws(() => scaffoldProject(d), ScaffoldError);
    assert.throws(() => exportZip(d), ScaffoldError);
  }
});

test("the leader election ID follows kubebuilder's fnv32a scheme", () => {
  // kubebuilder's testdata/project-v4-with-plugins: LeaderElectionID "a13ae5d8.testproject.org"
  assert.equal(fnv32aHex('sigs.k8s.io/kubebuilder/testdata/project-v4-with-plugins'), 'a13ae5d8');
});

test('go.mod and go.sum are the golden ones from `go mod tidy`', () => {
  assert.equal(
    GO_MOD_TXT,
    readFileSync(join(here, 'testdata/go.mod.txt'), 'utf8'),
    'regenerate go-deps.generated.ts from testdata',
  );
  assert.equal(
    GO_SUM_TXT,
    readFileSync(join(here, 'testdata/go.sum.txt'), 'utf8'),
    'regenerate go-deps.generated.ts from testdata',
  );
  const { files } = scaffoldProject(load('memcached.design.yaml'));
  assert.match(files.get('go.mod') ?? '', /^module github\.com\/example\/memcached-operator\n/);
  assert.match(files.get('go.mod') ?? '', /sigs\.k8s\.io\/controller-runtime v0\.24\.1/);
});
