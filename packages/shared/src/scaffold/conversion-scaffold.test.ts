/// <reference types="node" />
// The export carries the design's conversion rules (docs/design/0053): kubebuilder's hub/spoke
// methods in the api packages, the rules as data for internal/convert, the studio's own
// conversions of generated objects as the Go test's table, the webhook's setup in cmd/main.go and
// its kustomize config. `go build` and `go test` of this export run in the build check
// (apps/controller/src/export/build-check.int.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadCel } from '@opstudio/cel/node';
import { convert, conversionPlan } from '../conversion/convert';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { scaffoldProject } from './scaffold';

await loadCel();
const here = path.dirname(fileURLToPath(import.meta.url));
const load = (file: string): Design => {
  const r = parseDesign(readFileSync(path.join(here, file), 'utf8'));
  assert.ok(r.ok, JSON.stringify(r));
  return r.design;
};
const twoVersions = () => load('../conversion/testdata/two-versions.design.yaml');

test('the export scaffolds the hub, the spoke and the webhook from the rules, and notes nothing left out', () => {
  const design = twoVersions();
  const s = scaffoldProject(design);
  assert.deepEqual(
    s.notExpressible.filter((n) => n.path === 'conversion'),
    [],
  );
  const hub = s.files.get('api/v1/cache_conversion.go') ?? '';
  assert.match(hub, /func \(\*Cache\) Hub\(\) \{\}/);
  const spoke = s.files.get('api/v1alpha1/cache_conversion.go') ?? '';
  assert.match(spoke, /func \(src \*Cache\) ConvertTo\(dstRaw conversion\.Hub\) error/);
  assert.match(spoke, /return convert\.Objects\(src, dst, "v1alpha1", "v1"\)/);
  assert.match(spoke, /return convert\.Objects\(src, dst, "v1", "v1alpha1"\)/);
  // no rule text reaches Go source: the CEL is in rules.json only
  for (const [p, text] of s.files) if (p.endsWith('.go')) assert.ok(!text.includes('split('), `${p} carries rule text`);
  const rules = JSON.parse(s.files.get('internal/convert/rules.json') ?? '{}') as {
    hub: string;
    group: string;
    spokes: Record<string, { toHub?: { field: string; cel: string }[]; keep?: boolean }[]>;
  };
  assert.equal(rules.hub, 'v1');
  assert.equal(rules.group, 'convert.example.com');
  assert.deepEqual(rules.spokes.v1alpha1?.[1]?.toHub?.[0], {
    field: 'spec.repository',
    cel: "self.spec.image.split(':')[0]",
  });
  assert.equal(rules.spokes.v1alpha1?.[2]?.keep, true);
  assert.match(
    s.files.get('internal/webhook/v1/cache_webhook.go') ?? '',
    /ctrl\.NewWebhookManagedBy\(mgr, &convertv1\.Cache\{\}\)\.Complete\(\)/,
  );
  assert.match(s.files.get('cmd/main.go') ?? '', /webhookv1\.SetupCacheWebhookWithManager\(mgr\)/);
  assert.match(
    s.files.get('README.md') ?? '',
    /### Versions and the conversion webhook[\s\S]*ENABLE_WEBHOOKS=false go run/,
  );
  const patch = s.files.get('config/crd/patches/webhook_in_caches.yaml') ?? '';
  assert.match(patch, /name: caches\.convert\.example\.com[\s\S]*strategy: Webhook[\s\S]*path: \/convert/);
  assert.match(s.files.get('config/crd/kustomization.yaml') ?? '', /^- path: patches\/webhook_in_caches\.yaml$/m);
  const kustomize = s.files.get('config/default/kustomization.yaml') ?? '';
  for (const line of ['- ../webhook', '- ../certmanager', '- path: manager_webhook_patch.yaml'])
    assert.ok(kustomize.includes(`\n${line}\n`), line);
  assert.match(kustomize, /cert-manager\.io\/inject-ca-from[\s\S]*name: caches\.convert\.example\.com/);
  for (const f of ['config/webhook/service.yaml', 'config/certmanager/certificate-webhook.yaml'])
    assert.ok(s.files.has(f), f);
});

test("the Go test's table is the studio's converter's own output", () => {
  const design = twoVersions();
  const plan = conversionPlan(design);
  const cases = JSON.parse(scaffoldProject(design).files.get('internal/convert/testdata/cases.json') ?? '[]') as {
    from: string;
    to: string;
    input: Record<string, never>;
    output?: unknown;
  }[];
  assert.ok(cases.length >= 40, `${cases.length} cases`);
  assert.deepEqual(new Set(cases.map((c) => `${c.from}→${c.to}`)), new Set(['v1alpha1→v1', 'v1→v1alpha1']));
  for (const c of cases) {
    const r = convert(plan, c.input, c.from, c.to);
    assert.ok(r.ok);
    assert.deepEqual(JSON.parse(JSON.stringify(r.object)), c.output);
  }
  // a kept field travels in the annotation, as the studio writes it
  assert.ok(cases.some((c) => JSON.stringify(c.output).includes('"convert.example.com/spec.legacyFlags"')));
});

test('a design without conversion rules exports no conversion', () => {
  const design = twoVersions();
  const { conversion: _dropped, ...plain } = design;
  const files = scaffoldProject(plain).files;
  assert.equal(files.has('internal/convert/convert.go'), false);
  assert.equal(files.has('config/webhook/service.yaml'), false);
  assert.doesNotMatch(files.get('cmd/main.go') ?? '', /WebhookWithManager/);
});
