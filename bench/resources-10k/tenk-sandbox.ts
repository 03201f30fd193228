// A sandbox of the bench's own (profile `tenk`, API server on 46443, data in /tmp/opstudio-tenk),
// so no one else's workload is in the cluster the 10,000-resource figures come from.
// Run: node --import tsx bench/resources-10k/tenk-sandbox.ts up | down
// (then OPSTUDIO_KUBECONFIG=/tmp/opstudio-tenk/kubeconfig for the bench; `down` deletes the data too).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { customProfile, down, up } from '@opstudio/sandbox';

const profile = customProfile('tenk', '/tmp/opstudio-tenk', 46443);
if (process.argv[2] === 'down') {
  await down({ profile });
  rmSync(profile.dataDir, { recursive: true, force: true });
} else {
  await up({ profile, onProgress: (line) => console.log(line) });
  console.log(`kubeconfig: ${join(profile.dataDir, 'kubeconfig')}`);
}
