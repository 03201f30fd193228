// The revisions one installed kind runs (docs/design/0055-revisions-and-rollouts.md): each custom
// resource reconciles with the revision shared's chooseRevision picks (its pin annotation, else
// the kind's rollout, else the CRD's pinned version), through one graph reconciler per revision,
// made when first needed and kept while the kind runs. A revision is loaded from the database
// (pinned-design.ts) and refused when it cannot run beside the current one under the installed CRD
// (shared's revisionConflict): that resource's run fails without retries, naming why, on its
// timeline. It remembers each resource's last run (revision and error) for the rollout runner.
import type { Design } from '@opstudio/shared/design/schema';
import { revisionConflict } from '@opstudio/shared/rollout/compatible';
import { chooseRevision, type RevisionChoice, type RolloutAssignment } from '@opstudio/shared/rollout/revision';
import type { ReconcilerReport } from '../history/types';
import type { Reconcile, Reconciled } from '../runtime/controller';
import { outcome } from '../runtime/outcome';
import { splitKey } from '../runtime/triggers';
import type { CrObject } from './cr-object';

export interface LastRun {
  readonly version: number;
  readonly error?: string;
}

export class KindRevisions {
  private rollout: RolloutAssignment | undefined;
  private readonly designs = new Map<number, Promise<Design>>();
  private readonly runs = new Map<string, LastRun>();

  constructor(
    readonly designId: string,
    readonly current: { readonly version: number; readonly design: Design },
    /** a saved version of this design (PinnedDesignError when it is missing or no longer parses) */
    private readonly load: (version: number) => Promise<Design>,
  ) {
    this.designs.set(current.version, Promise.resolve(current.design));
  }

  /** The rollout's assignment (undefined: none); returns the keys whose revision it changes. */
  setRollout(next: RolloutAssignment | undefined): string[] {
    const before = this.rollout;
    this.rollout = next;
    const was = (k: string) => (before !== undefined && before.assigned.has(k) ? before.to : undefined);
    const now = (k: string) => (next !== undefined && next.assigned.has(k) ? next.to : undefined);
    const keys = new Set([...(before?.assigned ?? []), ...(next?.assigned ?? [])]);
    return [...keys].filter((k) => was(k) !== now(k)).sort();
  }

  choose(cr: CrObject, key: string): RevisionChoice {
    return chooseRevision(cr as { metadata?: { annotations?: Record<string, string> } }, key, {
      current: this.current.version,
      rollout: this.rollout,
    });
  }

  lastRun(key: string): LastRun | undefined {
    return this.runs.get(key);
  }

  /** A revision's design, checked against the current one (rejects with why it cannot run here). */
  design(version: number): Promise<Design> {
    let d = this.designs.get(version);
    if (d === undefined) {
      d = this.load(version).then((design) => {
        const conflict = revisionConflict(this.current.design, design, version);
        if (conflict !== undefined) throw new Error(conflict);
        return design;
      });
      // a failed load is tried again at the next run (the version may be saved meanwhile)
      d.catch(() => this.designs.delete(version));
      this.designs.set(version, d);
    }
    return d;
  }

  /** The kind's Reconcile: each resource's revision chosen, then that revision's reconciler (`make`, one per revision). */
  reconciler(
    crOf: (key: string) => CrObject | undefined,
    make: (design: Design, version: number) => Reconcile<ReconcilerReport>,
  ): Reconcile<ReconcilerReport> {
    const made = new Map<number, Reconcile<ReconcilerReport>>();
    const forVersion = async (version: number) => {
      let r = made.get(version);
      if (r === undefined) {
        r = make(await this.design(version), version);
        made.set(version, r);
      }
      return r;
    };
    return async (key, triggers, signal) => {
      const cr = crOf(key);
      // a deleted resource: the current revision's reconciler forgets it
      if (cr === undefined) {
        this.runs.delete(key);
        return (await forVersion(this.current.version))(key, triggers, signal);
      }
      const choice = this.choose(cr, key);
      let result: Reconciled<ReconcilerReport>;
      if ('error' in choice) result = refused(cr, key, this.designId, undefined, choice.error);
      else {
        const r = await forVersion(choice.version).catch((err: unknown) =>
          String(err instanceof Error ? err.message : err),
        );
        result =
          typeof r === 'string'
            ? refused(cr, key, this.designId, choice.version, `revision ${choice.version} (${choice.source}): ${r}`)
            : await r(key, triggers, signal);
      }
      const version = 'error' in choice ? 0 : choice.version;
      const error = result.kind === 'error' || result.kind === 'terminal' ? result.error.message : undefined;
      this.runs.set(key, { version, ...(error !== undefined ? { error } : {}) });
      return result;
    };
  }
}

/** A run that does nothing because the resource's revision cannot run: terminal, with a report for its timeline. */
function refused(
  cr: CrObject,
  key: string,
  designId: string,
  version: number | undefined,
  message: string,
): Reconciled<ReconcilerReport> {
  const { namespace = '' } = splitKey(key);
  const report: ReconcilerReport = {
    uid: cr.metadata.uid,
    kind: cr.kind,
    namespace,
    name: cr.metadata.name,
    generation: cr.metadata.generation,
    designId,
    ...(version !== undefined ? { designVersion: version } : {}),
    actions: [],
    conditions: [],
  };
  return { ...outcome.terminal(new Error(message)), report };
}
