/**
 * A studio that starts leading resumes every unfinished storage-migration pass it finds in a
 * CRD's checkpoint, as the writer the checkpoint names (docs/design/0054): the studio's own
 * kubeconfig in single-user mode, the signed-in user it impersonated in multi-user mode. So a
 * studio killed mid-pass finishes the job when started again, and Kubernetes' RBAC still decides
 * each write as that user's; the studio never resumes a pass as its own identity in multi-user
 * mode. Which checkpoints qualify is pure (shared migration/writer.ts resumeDecision); this adds
 * what needs I/O: the user must still exist, still be an admin (the step's role) and still map to
 * the identity recorded, else the checkpoint could name anyone its annotation's writer liked. A
 * pass left alone, and why, is kept for the kind's page (runs.ts leaveForPress).
 */
import { roleAllows } from '../auth/roles';
import type { KubeIdentity } from '../auth/impersonation';
import type { KubeIdentities } from '../auth';
import type { StudioUser } from '../auth/roles';
import type { KubeConfig } from '@kubernetes/client-node';
import { MIGRATION_ANNOTATION } from '@opstudio/shared/migration/plan';
import { resumeDecision, type PassWriter } from '@opstudio/shared/migration/writer';
import { CrdClient } from '../install/crd-client';
import { leaveForPress, startPass } from './runs';

const PRESS = 'press Resume migration';

export interface ResumeDeps {
  readonly identities: Pick<KubeIdentities, 'own' | 'impersonates' | 'identityOf' | 'forUser'>;
  /** the studio user of that name as the database holds them now */
  readonly userNamed: (name: string) => Promise<StudioUser | undefined>;
  readonly log: (message: string, fields?: Record<string, unknown>) => void;
}

const sameIdentity = (a: KubeIdentity | undefined, b: KubeIdentity) =>
  a !== undefined && a.user === b.user && a.groups.join('\n') === b.groups.join('\n');

/**
 * Why the signed-in user a checkpoint names cannot have the pass resumed as them, or null: they
 * must still exist, still be an admin (the step's role) and still map to the identity recorded.
 */
export function userRefusal(
  writer: Extract<PassWriter, { as: 'user' }>,
  user: StudioUser | undefined,
  identityNow: KubeIdentity | undefined,
): string | null {
  if (user === undefined) return `the pass was started by ${writer.name}, who is no longer a studio user: ${PRESS}`;
  if (!roleAllows(user.role, 'admin'))
    return `the pass was started by ${writer.name}, who is no longer an admin: ${PRESS}`;
  if (!sameIdentity(identityNow, { user: writer.kubeUser, groups: writer.kubeGroups }))
    return `the pass was started by ${writer.name} as ${writer.kubeUser}, and ${writer.name} maps to another Kubernetes identity now: ${PRESS}`;
  return null;
}

/** The KubeConfig to resume as, or why not. */
async function writerConfig(deps: ResumeDeps, writer: PassWriter): Promise<KubeConfig | string> {
  if (writer.as !== 'user') return deps.identities.own; // 'studio': resumeDecision allowed it (single-user mode)
  const user = await deps.userNamed(writer.name);
  const identityNow = user === undefined ? undefined : deps.identities.identityOf(user);
  return userRefusal(writer, user, identityNow) ?? deps.identities.forUser(user!);
}

const writerName = (w: PassWriter) => (w.as === 'user' ? w.kubeUser : "the studio's kubeconfig");

/** Resumes what the CRDs' checkpoints allow; `signal` (leadership) stops the passes it started. */
export async function resumeMigrations(deps: ResumeDeps, signal: AbortSignal): Promise<void> {
  const own = deps.identities.own;
  for (const crd of await new CrdClient(own).list()) {
    if (signal.aborted) return;
    if (crd.metadata.annotations?.[MIGRATION_ANNOTATION] === undefined) continue;
    const name = crd.metadata.name;
    const decision = resumeDecision(crd, { impersonates: deps.identities.impersonates });
    if (decision.kind === 'none') continue;
    const leave = (reason: string) => {
      leaveForPress(own, name, reason);
      deps.log('Storage migration left for a press', { crd: name, reason });
    };
    if (decision.kind === 'left') {
      leave(decision.reason);
      continue;
    }
    const kc = await writerConfig(deps, decision.writer);
    if (typeof kc === 'string') {
      leave(kc);
      continue;
    }
    const as = writerName(decision.writer);
    try {
      await startPass(kc, name, {
        by: decision.writer,
        ratePerSecond: decision.ratePerSecond,
        migrator: decision.migrator,
        signal,
      });
      deps.log('Storage migration resumed', { crd: name, as });
    } catch (err) {
      leave(`resuming the pass as ${as} failed (${err instanceof Error ? err.message : String(err)}): ${PRESS}`);
    }
  }
}
