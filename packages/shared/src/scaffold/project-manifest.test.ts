import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../design/io';
import { scaffoldProject } from './scaffold';
import {
  DESIGN_COPY_PATH,
  MANIFEST_PATH,
  STUDIO_VERSION,
  designVersion,
  isGenerated,
  parseManifest,
} from './project-manifest';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const here = dirname(fileURLToPath(import.meta.url));
const rootPackage = JSON.parse(readFileSync(join(here, '../../../../package.json'), 'utf8')) as { version: string };

test('which files the studio owns whole, and which are the user’s after the first export', () => {
  for (const p of [
    '.opstudio/project.json',
    'api/v1alpha1/zz_generated.deepcopy.go',
    'api/v1alpha1/webapp_types.go',
    'config/crd/bases/web.example.com_webapps.yaml',
    'config/rbac/role.yaml',
    'internal/graph/design.json',
    'internal/celenv/celenv.go',
    'internal/controller/webapp_controller.go',
    'internal/controller/testdata/render_cases.json',
  ])
    assert.ok(isGenerated(p), p);
  for (const p of [
    'cmd/main.go',
    'internal/controller/webapp_hooks.go',
    'internal/controller/suite_test.go',
    'Makefile',
    'README.md',
    'go.mod',
    'config/manager/manager.yaml',
    'config/rbac/role_binding.yaml',
    'config/samples/web_v1alpha1_webapp.yaml',
  ])
    assert.ok(!isGenerated(p), p);
});

test('the export records its design, its version and its generated files; the design copy rebuilds the same scaffold', () => {
  assert.equal(STUDIO_VERSION, rootPackage.version, 'STUDIO_VERSION follows package.json');
  for (const example of ['webapp', 'memcached']) {
    const parsed = parseDesign(readFileSync(join(here, `../../../../examples/${example}.design.yaml`), 'utf8'));
    assert.ok(parsed.ok);
    const { files } = scaffoldProject(parsed.design);
    const m = parseManifest(files.get(MANIFEST_PATH)!);
    assert.ok(m.ok, example);
    const copy = files.get(DESIGN_COPY_PATH)!;
    assert.equal(m.manifest.design.version, designVersion(copy));
    assert.deepEqual(
      m.manifest.generated,
      [...files.keys()].filter(isGenerated),
      'every generated file, sorted, and only those',
    );
    assert.ok(files.has(`internal/controller/${parsed.design.crd.names.kind.toLowerCase()}_hooks.go`));
    const again = parseDesign(copy);
    assert.ok(again.ok);
    assert.deepEqual([...scaffoldProject(again.design).files], [...files], `${example}: the base can be rebuilt`);
  }
});

test('a manifest naming a path outside the generated set, or leaving the project, is refused', () => {
  const base = { manifest: 1, design: { name: 'a/B', version: designVersion('') }, studio: { version: '0.1.0' } };
  assert.ok(parseManifest(JSON.stringify({ ...base, generated: ['api/v1/x.go'] })).ok);
  for (const bad of ['../etc/passwd', 'api/../../x', '/abs', 'cmd/main.go', 'api//x'])
    assert.equal(parseManifest(JSON.stringify({ ...base, generated: [bad] })).ok, false, bad);
  assert.equal(parseManifest('{').ok, false);
  assert.equal(parseManifest(JSON.stringify({ ...base, generated: [], manifest: 2 })).ok, false);
});
