// Issue 15, point 8, asked of the API server: the sample of every example design and of 25
// random coherent designs is accepted by a server-side dry-run against the design's own CRD.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { crdObject } from '@opstudio/shared/crd/generate';
import { parseDesign } from '@opstudio/shared/design/io';
import { resolveNames } from '@opstudio/shared/design/names';
import type { Design } from '@opstudio/shared/design/schema';
import { sampleResource, storageVersion } from '@opstudio/shared/manifests/sample';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { deleteCrd, installCrd } from '../../testing/resources';
import { coherentDesigns } from './coherent-designs';

const examples = path.resolve(import.meta.dirname, '../../../../examples');
const run = randomUUID().slice(0, 6);
const installed: string[] = [];
after(async () => {
  if (skipWithoutCluster !== false) return;
  const { kc } = loadKubeConfig(kubeconfigPath);
  await Promise.all(installed.map((n) => deleteCrd(kc, n)));
});

/** The design under its own API group, so runs and files never share a CRD. */
function isolated(d: Design, i: number): Design {
  return { ...d, project: { ...d.project, domain: 'dryrun.example.com' }, crd: { ...d.crd, group: `s${run}x${i}` } };
}

async function dryRunSample(design: Design): Promise<void> {
  const { kc } = loadKubeConfig(kubeconfigPath);
  const crd = crdObject(design);
  installed.push(crd.metadata.name);
  await installCrd(kc, crd);
  const sample = sampleResource(design);
  const [group, version] = [crd.spec.group, storageVersion(design).name];
  const plural = resolveNames(design.crd.names).plural;
  const scope = design.crd.scope === 'Namespaced' ? '/namespaces/default' : '';
  await new KubeJson(kc).request({
    method: 'POST',
    path: `/apis/${group}/${version}${scope}/${plural}?dryRun=All`,
    body: sample,
  });
}

const exampleDesigns = readdirSync(examples)
  // raw-schema holds the options the API server refuses (see examples.test.ts): it never installs
  .filter((f) => f.endsWith('.design.yaml') && f !== 'raw-schema.design.yaml')
  .map((f) => {
    const parsed = parseDesign(readFileSync(path.join(examples, f), 'utf8'));
    assert.ok(parsed.ok, f);
    return [f, parsed.design] as const;
  });

for (const [i, [file, design]] of exampleDesigns.entries())
  test(`the API server accepts the sample of ${file}`, { skip: skipWithoutCluster }, () =>
    dryRunSample(isolated(design, i)),
  );

test('the API server accepts the samples of 25 random coherent designs', { skip: skipWithoutCluster }, async () => {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
  const designs = coherentDesigns(25, seed);
  // five at a time: most of the time is the API server establishing each CRD
  for (let from = 0; from < designs.length; from += 5)
    await Promise.all(
      designs.slice(from, from + 5).map((d, j) =>
        dryRunSample(isolated(d, 100 + from + j)).catch((err: unknown) => {
          throw new Error(`seed ${seed}, design ${from + j}: ${String(err)}`);
        }),
      ),
    );
});
