/**
 * Who a storage-migration pass writes as, recorded in its checkpoint (docs/design/0054), and
 * whether a studio that starts and finds an unfinished pass may resume it by itself. A pass
 * writes as the user who started it, so Kubernetes' RBAC decides each write: the studio's own
 * kubeconfig in single-user mode (the machine's owner's), the signed-in user's impersonation
 * identity in multi-user mode, the terminal's kubeconfig for `opstudio migrate`. A restarted
 * studio resumes a pass only as the identity it recorded and only where it can act as it: it
 * never widens a pass to its own identity, and a pass whose writer it cannot be (a terminal's,
 * another mode's, a record it cannot read) waits for a press, with the reason in words.
 */
import { z } from 'zod';
import type { CustomResourceDefinition } from '../crd/types';
import { unfinishedPass } from './plan';

export const passWriterSchema = z.discriminatedUnion('as', [
  /** the studio's own kubeconfig, which in single-user mode is the user's */
  z.object({ as: z.literal('studio') }),
  /** a signed-in studio user (multi-user mode), impersonated as Kubernetes sees them */
  z.object({
    as: z.literal('user'),
    name: z.string().min(1),
    kubeUser: z.string().min(1),
    kubeGroups: z.array(z.string().min(1)),
  }),
  /** `opstudio migrate`: the terminal's kubeconfig, which a studio does not hold */
  z.object({ as: z.literal('terminal') }),
]);
export type PassWriter = z.infer<typeof passWriterSchema>;

/** What a starting studio does with a CRD's checkpoint: nothing to resume, resume as `writer`, or leave it (why). */
export type ResumeDecision =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'resume';
      readonly writer: PassWriter;
      readonly ratePerSecond: number | undefined;
      /** the pass goes on as it began: watching the cluster's migration (`via`), or the studio's own writes */
      readonly migrator: 'auto' | 'studio';
    }
  | { readonly kind: 'left'; readonly reason: string };

const PRESS = 'press Resume migration';

/**
 * Whether a studio (impersonating users, or acting as its own kubeconfig) resumes the CRD's
 * unfinished pass (the one a new pass would resume: plan.ts unfinishedPass) by itself.
 */
export function resumeDecision(crd: CustomResourceDefinition, studio: { impersonates: boolean }): ResumeDecision {
  const cp = unfinishedPass(crd);
  if (cp === null) return { kind: 'none' };
  if (cp.by === undefined)
    return { kind: 'left', reason: `the checkpoint does not say who the pass writes as: ${PRESS}` };
  const parsed = passWriterSchema.safeParse(cp.by);
  if (!parsed.success)
    return {
      kind: 'left',
      reason: `the checkpoint names who the pass writes as in a form this studio cannot read: ${PRESS}`,
    };
  const writer = parsed.data;
  const resume = {
    kind: 'resume',
    writer,
    ratePerSecond: cp.rate,
    migrator: cp.via === undefined ? 'studio' : 'auto',
  } as const;
  switch (writer.as) {
    case 'terminal':
      return {
        kind: 'left',
        reason: `the pass was started by opstudio migrate, as a terminal's kubeconfig: run it again there, or ${PRESS}`,
      };
    case 'studio':
      return studio.impersonates
        ? {
            kind: 'left',
            reason: `the pass was started in single-user mode, as the studio's own kubeconfig, and this studio writes only as signed-in users: ${PRESS}`,
          }
        : resume;
    case 'user':
      return studio.impersonates
        ? resume
        : {
            kind: 'left',
            reason: `the pass was started by ${writer.name} in multi-user mode, and this studio runs in single-user mode: ${PRESS}`,
          };
  }
}
