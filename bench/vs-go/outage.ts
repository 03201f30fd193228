// Workload 4: both controllers running, each with `perSide` CRs and edits flowing to both; the
// sandbox's kube-apiserver stopped for `outageMs`, the edits still tried (they fail); once it is
// back, one last edit per CR (a size the flowing edits never use). Per side: seconds from the API
// server's return until (a) every Deployment wants the last size and every CR's status describes
// the last generation (the controller's part), and (b) every CR is Available=True for it (the
// cluster's part too: kube-controller-manager and kwok must bring the pods back first).
import { startComponent, stopComponent } from '@opstudio/sandbox';
import type { Session } from './session';
import { sleep } from './session';

export interface OutageResult {
  readonly downSeconds: number;
  /** Per side: seconds from the return to (a) and (b). */
  readonly followedSeconds: number;
  readonly availableSeconds: number;
}

const finalSize = (i: number) => 4 + (i % 2); // the flowing edits use 1–3

export async function outage(sessions: readonly Session[], perSide: number, outageMs: number): Promise<OutageResult[]> {
  const names = Array.from({ length: perSide }, (_, i) => `o-${i}`);
  for (const s of sessions) await s.crs.create(names, 1);
  for (const s of sessions)
    await s.tracker.until(`${s.side.name}: ${perSide} outage CRs Available`, 300_000, () =>
      names.every((n) => s.tracker.crs.get(n)?.available === true),
    );
  let flowing = true;
  let edit = 0;
  const flow = (async () => {
    while (flowing) {
      const n = edit++;
      await Promise.all(
        sessions.map((s) => s.crs.patchSize(names[n % perSide]!, (n % 3) + 1, 2_000).catch(() => undefined)),
      );
      await sleep(250);
    }
  })();
  await sleep(5_000);
  await stopComponent('kube-apiserver', { profile: 'bench' });
  const stoppedAt = performance.now();
  try {
    await sleep(outageMs);
  } finally {
    // a failed run must not leave the cluster down
    await startComponent('kube-apiserver', { profile: 'bench', timeoutMs: 120_000 });
  }
  const backAt = performance.now();
  flowing = false;
  await flow;
  // The last edits, as soon as the API server answers: the generation each must reach.
  const wanted = await Promise.all(
    sessions.map(async (s) => {
      const gens = new Map<string, number>();
      for (const [i, name] of names.entries()) gens.set(name, await lastEdit(s, name, finalSize(i)));
      return gens;
    }),
  );
  return Promise.all(
    sessions.map(async (s, k) => {
      const gens = wanted[k]!;
      const described = (n: string) => (s.tracker.crs.get(n)?.availableGeneration ?? 0) >= gens.get(n)!;
      const followed = s.tracker.until(`${s.side.name}: Deployments and status follow the last edit`, 600_000, () =>
        names.every((n, i) => s.tracker.deployments.get(s.side.target.childName(n)) === finalSize(i) && described(n)),
      );
      const available = s.tracker.until(`${s.side.name}: Available after the outage`, 600_000, () =>
        names.every((n) => described(n) && s.tracker.crs.get(n)?.available === true),
      );
      return {
        downSeconds: (backAt - stoppedAt) / 1000,
        followedSeconds: ((await followed) - backAt) / 1000,
        availableSeconds: ((await available) - backAt) / 1000,
      };
    }),
  );
}

/** Patches until the API server takes it (it may still refuse for a moment), returning the CR's generation. */
async function lastEdit(s: Session, name: string, size: number): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await s.crs.patchSize(name, size, 5_000);
    } catch (err) {
      if (attempt >= 20) throw err;
      await sleep(250);
    }
  }
}
