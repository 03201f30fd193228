/// <reference types="node" />
// Conversion rules as data (docs/design/0053): a rename, a split and a kept new field convert both
// ways with the API server's CEL; 1,000 generated objects round-trip; a lossy rule is refused at
// its design path, and a rule that does not round-trip is named with the object and field.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign, serializeDesign } from '../design/io';
import type { Design } from '../design/schema';
import { sampleResource } from '../manifests/sample';
import { validateDesign } from '../validate/design';
import { convert, conversionPlan } from './convert';
import { liveRoundTrips } from './live-round-trip';
import { answerReview, CONVERSION_REVIEW } from './review';
import { checkRoundTrip, roundTripMessage } from './round-trip';
import { validateConversion } from './validate';

await loadCel();
const here = path.dirname(fileURLToPath(import.meta.url));
const load = (): Design => {
  const r = parseDesign(readFileSync(path.join(here, 'testdata/two-versions.design.yaml'), 'utf8'));
  assert.ok(r.ok, JSON.stringify(r));
  return r.design;
};

test('a v1alpha1 object reads at v1 with the new shape, and back unchanged', () => {
  const plan = conversionPlan(load());
  const old = {
    apiVersion: 'convert.example.com/v1alpha1',
    kind: 'Cache',
    metadata: { name: 'c' },
    spec: { size: 2, image: 'memcached:1.6', mode: 'fast' },
  };
  const v1 = convert(plan, old, 'v1alpha1', 'v1');
  assert.ok(v1.ok, JSON.stringify(v1));
  assert.deepEqual(v1.object, {
    apiVersion: 'convert.example.com/v1',
    kind: 'Cache',
    metadata: { name: 'c' },
    spec: { replicas: 2, repository: 'memcached', tag: '1.6', mode: 'fast', paused: false },
  });
  const back = convert(plan, v1.object, 'v1', 'v1alpha1');
  assert.ok(back.ok);
  assert.deepEqual(back.object, old);
  // a hub value the spoke cannot say travels in the annotation and comes back
  const paused = convert(
    plan,
    { ...v1.object, spec: { replicas: 1, repository: 'r', paused: true } },
    'v1',
    'v1alpha1',
  );
  assert.ok(paused.ok);
  assert.deepEqual(paused.object.metadata, { name: 'c', annotations: { 'convert.example.com/spec.paused': 'true' } });
  assert.deepEqual(paused.object.spec, { size: 1, image: 'r' });
  const again = convert(plan, paused.object, 'v1alpha1', 'v1');
  assert.ok(again.ok);
  assert.deepEqual(again.object.metadata, { name: 'c' });
  assert.deepEqual(again.object.spec, { replicas: 1, repository: 'r', paused: true });
});

test('1,000 generated v1alpha1 objects and the sample round-trip, quickly', () => {
  const design = load();
  const started = performance.now();
  const rt = checkRoundTrip(conversionPlan(design), { count: 1000, hubObjects: [sampleResource(design)] });
  const ms = performance.now() - started;
  assert.ok(rt.ok, rt.ok ? '' : roundTripMessage(rt.failure));
  assert.equal(rt.checked, 1001);
  assert.ok(ms < 20_000, `took ${Math.round(ms)} ms`);
  assert.deepEqual(validateDesign(design), []);
});

test('a join that forgets the empty tag is named with the object and the field', () => {
  const design = load();
  const split = design.conversion!.spokes[0]!.rules[1]!;
  split.toHub!['spec.tag'] = "self.spec.image.contains(':') ? self.spec.image.split(':')[1] : ''";
  split.toSpoke!['spec.image'] =
    "self.spec.tag == '' ? self.spec.repository : self.spec.repository + ':' + self.spec.tag";
  const rt = checkRoundTrip(conversionPlan(design), { count: 1000 });
  assert.ok(!rt.ok);
  assert.equal(rt.failure.field, 'spec.image');
  assert.match(JSON.stringify(rt.failure.before), /:/);
  const issues = validateConversion(design);
  assert.equal(issues.length, 1);
  assert.equal(issues[0]!.path, 'conversion.spokes[0]');
  assert.match(
    issues[0]!.message,
    /^v1alpha1 → v1 → v1alpha1 does not round-trip generated-\d+: spec\.image was ".*:.*", came back/,
  );
});

test('live objects round-trip before install: a registry with a port in a v1 object is named, v1alpha1 objects pass', () => {
  const plan = conversionPlan(load());
  const v1 = (name: string, spec: Record<string, unknown>) => ({
    apiVersion: 'convert.example.com/v1',
    kind: 'Cache',
    metadata: { name, namespace: 'team-a', resourceVersion: '12', managedFields: [] },
    spec: { replicas: 1, mode: 'fast', paused: false, ...spec },
    unknownField: 'pruned as the API server prunes it',
  });
  const hub = liveRoundTrips(
    plan,
    [v1('plain', { repository: 'memcached', tag: '1.6' }), v1('ported', { repository: 'registry:5000/app', tag: '1' })],
    'v1',
  );
  assert.ok(hub !== null);
  assert.equal(hub.checked, 2);
  assert.equal(hub.failed, 1);
  assert.deepEqual(hub.failures, [
    {
      namespace: 'team-a',
      name: 'ported',
      message:
        'v1 → v1alpha1 → v1 does not round-trip ported: spec.repository was "registry:5000/app", came back "registry"',
    },
  ]);
  // read at the spoke (the install changes the storage version): spoke → hub → spoke
  const old = liveRoundTrips(
    plan,
    [
      {
        apiVersion: 'convert.example.com/v1alpha1',
        kind: 'Cache',
        metadata: { name: 'o' },
        spec: { size: 2, image: 'memcached:1.6' },
      },
    ],
    'v1alpha1',
  );
  assert.deepEqual(old, { checked: 1, failed: 0, failures: [], readAt: 'v1alpha1' });
  assert.equal(liveRoundTrips(plan, [], 'v9'), null);
});

test('lossy, misplaced and ill-typed rules are refused at their design paths', () => {
  const design = load();
  const rules = design.conversion!.spokes[0]!.rules;
  delete rules[2]!.keep;
  rules[0]!.to = 'spec.count';
  rules[1]!.toSpoke!['spec.image'] = 'self.spec.replicas';
  const issues = validateConversion(design).map((i) => `${i.path}: ${i.message}`);
  assert.deepEqual(issues, [
    'conversion.spokes[0].rules[0].to: spec.count is not a field of v1',
    'conversion.spokes[0].rules[1].toSpoke["spec.image"]: it gives int, and the field is string',
    'conversion.spokes[0].rules[2].keep: spec.paused is lost converting v1 → v1alpha1 → v1: keep it in the annotation convert.example.com/spec.paused (keep: annotation)',
    "conversion.spokes[0]: v1's spec.replicas has no place in v1alpha1: move it (from/to), compute it (toHub/toSpoke), or add it",
  ]);
});

test('a version without rules whose fields differ is named; the shape is checked by zod', () => {
  const design = load();
  design.conversion = { spokes: [] };
  const issues = validateConversion(design).map((i) => `${i.severity} ${i.path}: ${i.message}`);
  assert.ok(
    issues.includes(
      "error conversion: v1alpha1's spec.size has no place in v1: move it (from/to), compute it (toHub/toSpoke), or drop it",
    ),
    issues.join('\n'),
  );
  // without a conversion section, versions differ as they always could (strategy None)
  delete design.conversion;
  assert.deepEqual(validateConversion(design), []);
  const text = readFileSync(path.join(here, 'testdata/two-versions.design.yaml'), 'utf8').replace(
    '    - from: spec.size\n      to: spec.replicas\n',
    '    - from: spec.size\n      drop: spec.size\n',
  );
  const r = parseDesign(text);
  assert.ok(!r.ok);
  assert.match(JSON.stringify(r), /a rule is one form, not move and drop/);
});

test('the rules survive saving the design', () => {
  const design = load();
  const again = parseDesign(serializeDesign(design));
  assert.ok(again.ok);
  assert.deepEqual(again.design.conversion, design.conversion);
});

test('a ConversionReview is answered with every object converted, or fails whole', () => {
  const plan = conversionPlan(load());
  const review = CONVERSION_REVIEW.parse({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: {
      uid: 'u1',
      desiredAPIVersion: 'convert.example.com/v1',
      objects: [
        { apiVersion: 'convert.example.com/v1alpha1', kind: 'Cache', metadata: { name: 'a' }, spec: { size: 1 } },
      ],
    },
  });
  assert.deepEqual(answerReview(plan, review).response, {
    uid: 'u1',
    convertedObjects: [
      {
        apiVersion: 'convert.example.com/v1',
        kind: 'Cache',
        metadata: { name: 'a' },
        spec: { replicas: 1, paused: false },
      },
    ],
    result: { status: 'Success' },
  });
  review.request.objects.push({ apiVersion: 'other.example.com/v1alpha1', kind: 'Cache' });
  assert.deepEqual(answerReview(plan, review).response.result, {
    status: 'Failure',
    message: 'other.example.com/v1alpha1 is not in group convert.example.com',
  });
  assert.equal(
    CONVERSION_REVIEW.safeParse({ apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'ConversionReview' }).success,
    false,
  );
});
