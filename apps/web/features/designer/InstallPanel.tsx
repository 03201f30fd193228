'use client';
// "Install CRD": save if needed, show the impact on the live resources (ImpactGate), then crds.install with an operation id of our own, so the
// progress (dry run → applied → NamesAccepted → Established) can be watched live on
// `install:<id>`, carried by the page's one subscription, while the mutation runs. A dry-run
// refusal puts its causes at the fields (with the design they were about, so they go once it
// changes); breaking changes, and a controller asking for sensitive permissions (RBAC, Secrets,
// Namespaces, cluster-scoped writes: causes at `rbac`), ask for an explicit confirmation before
// installing anyway, the permissions listed whole; breaking changes stay at their fields as
// warnings. "Failed" and the refusal go too once the design changes.
// Off while the design has errors, saying why.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Issue } from '@opstudio/shared';
import type { Design } from '@opstudio/shared/design/schema';
import { installTopic } from '@opstudio/shared/live/index';
import { useState } from 'react';
import { useTRPC } from '../../trpc/client';
import { useLiveEvents } from '../live/LiveProvider';
import { useDesignerAction } from '../palette';
import { ImpactGate } from '../impact/ImpactGate';
import { installRefusal, type InstallRefusal } from './install-errors';
import { PermissionsList } from './PermissionsList';
import styles from './designer.module.css';

interface Step {
  readonly step: string;
  readonly message: string;
}

const SHOWN_STEPS = ['dry-run', 'identity', 'applied', 'NamesAccepted', 'Established'] as const;
const STEP_LABEL: Record<string, string> = {
  'dry-run': 'Dry run',
  identity: 'Controller identity',
  applied: 'Applied',
  NamesAccepted: 'NamesAccepted',
  Established: 'Established',
};

interface Props {
  readonly designId: string;
  /** Saves unsaved edits first; resolves to the version to install. */
  readonly ensureSaved: () => Promise<number>;
  /** The design being edited: what an install saves and installs. */
  readonly design: Design;
  /** The API server's causes, with the design they were about. */
  readonly onServerIssues: (issues: readonly Issue[], about: Design) => void;
  /** Why Install is off (the design has errors), or null. */
  readonly blockedReason: string | null;
}

export function InstallPanel({ designId, ensureSaved, design, onServerIssues, blockedReason }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [operationId, setOperationId] = useState<string | null>(null);
  const [steps, setSteps] = useState<readonly Step[]>([]);
  const [state, setState] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [refusal, setRefusal] = useState<InstallRefusal | null>(null);
  const [confirm, setConfirm] = useState<{ version: number; refusal: InstallRefusal } | null>(null);
  // the design a failed install was about: its "Failed" and refusal are old news once it changes
  const [failedFor, setFailedFor] = useState<Design | null>(null);
  // the saved version whose impact on the live resources is shown before it installs
  const [impactOf, setImpactOf] = useState<number | null>(null);

  // Live progress on the page's one subscription, only while an install runs (the mutation's
  // answer has the same steps).
  useLiveEvents(operationId !== null && state === 'running' ? installTopic(operationId) : null, (event) => {
    if ('operation' in event) setSteps(event.operation.steps);
  });

  const install = useMutation(trpc.crds.install.mutationOptions());

  const run = async (confirmed: boolean, knownVersion?: number) => {
    const about = design;
    setRefusal(null);
    setConfirm(null);
    setFailedFor(null);
    setSteps([]);
    onServerIssues([], about);
    setState('running');
    let version = knownVersion;
    try {
      version ??= await ensureSaved();
      const id = `ui-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      setOperationId(id);
      const result = await install.mutateAsync({
        designId,
        version,
        confirmBreaking: confirmed,
        confirmPermissions: confirmed,
        operationId: id,
      });
      setSteps(result.operation.steps);
      setState('done');
      await queryClient.invalidateQueries({ queryKey: trpc.crds.pathKey() });
    } catch (err) {
      const r = installRefusal(err);
      setState('failed');
      setFailedFor(about);
      if (r.needsConfirmation && !confirmed && version !== undefined) setConfirm({ version, refusal: r });
      else setRefusal(r);
      // breaking changes are the user's call (Install anyway): shown at their fields, not errors
      onServerIssues(
        r.needsConfirmation ? r.causes.map((c) => ({ ...c, severity: 'warning' as const })) : r.causes,
        about,
      );
    }
  };

  // Install shows the impact first (ImpactGate), then installs that version
  const start = async () => {
    try {
      setImpactOf(await ensureSaved());
    } catch (err) {
      setState('failed');
      setFailedFor(design);
      setRefusal(installRefusal(err));
    }
  };

  // the palette's "Install CRD": what the button does, when the button could be pressed
  useDesignerAction(designId, 'install', () => {
    if (blockedReason === null && state !== 'running') void start();
  });

  const breaking = confirm?.refusal.causes.filter((c) => c.path !== 'rbac') ?? [];
  const asksPermissions = confirm?.refusal.causes.some((c) => c.path === 'rbac') ?? false;
  const stale = state === 'failed' && confirm === null && failedFor !== design;
  const shown = stale ? 'idle' : state;
  const reached = new Set(steps.map((s) => s.step));
  return (
    <div className={styles.install}>
      <button
        type="button"
        className={styles.primary}
        disabled={blockedReason !== null || state === 'running'}
        title={blockedReason ?? undefined}
        aria-describedby={blockedReason !== null ? 'install-blocked' : undefined}
        onClick={() => void start()}
      >
        Install CRD
      </button>
      {impactOf !== null ? (
        <ImpactGate
          designId={designId}
          version={impactOf}
          onCancel={() => setImpactOf(null)}
          onInstall={() => {
            setImpactOf(null);
            void run(false, impactOf);
          }}
        />
      ) : null}
      {shown !== 'idle' ? (
        <ol className={styles.steps} aria-label="Install progress">
          {SHOWN_STEPS.filter((s) => reached.has(s)).map((s) => (
            <li key={s} className={styles.stepDone} title={steps.find((x) => x.step === s)?.message}>
              ✓ {STEP_LABEL[s]}
            </li>
          ))}
          {state === 'running' ? (
            <li className={styles.stepTodo}>{steps.length === 0 ? 'Starting…' : 'Working…'}</li>
          ) : null}
          {shown === 'failed' && confirm === null ? <li className={styles.stepFailed}>Failed</li> : null}
        </ol>
      ) : null}
      {refusal !== null && !stale ? (
        <p role="alert" className={styles.issueText}>
          {refusal.message}
        </p>
      ) : null}
      {confirm !== null ? (
        <div role="dialog" aria-modal="true" aria-labelledby="breaking-h" className={styles.dialog}>
          <div className={styles.dialogBox}>
            <h2 id="breaking-h">{breaking.length > 0 ? 'Breaking changes' : 'Permissions to grant'}</h2>
            {breaking.length > 0 ? (
              <>
                <p>Installing this version changes the CRD in ways that can break existing resources or clients:</p>
                <ul>
                  {breaking.map((c, i) => (
                    <li key={i}>
                      <span className={styles.mono}>{c.path || 'crd'}</span>: {c.message.replace(/^API server: /, '')}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {asksPermissions ? (
              <>
                <p>
                  The controller acts as the design's own identity, with exactly these permissions. Marked ones let
                  whoever creates a resource of this kind reach beyond it:
                </p>
                <PermissionsList design={design} />
              </>
            ) : null}
            <div className={styles.dialogActions}>
              <button type="button" onClick={() => setConfirm(null)}>
                Cancel
              </button>
              <button type="button" className={styles.danger} onClick={() => void run(true, confirm.version)}>
                Install anyway
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
