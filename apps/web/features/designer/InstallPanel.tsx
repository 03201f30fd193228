'use client';
// "Install CRD": save if needed, then crds.install with an operation id of our own, so the
// progress (dry run → applied → NamesAccepted → Established) can be watched live on
// `install:<id>`, carried by the page's one subscription, while the mutation runs. A dry-run refusal puts its causes at the fields;
// breaking changes ask for an explicit confirmation before installing anyway.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Issue } from '@opstudio/shared';
import { installTopic } from '@opstudio/shared/live/index';
import { useState } from 'react';
import { useTRPC } from '../../trpc/client';
import { useLiveEvents } from '../live/LiveProvider';
import { installRefusal, type InstallRefusal } from './install-errors';
import styles from './designer.module.css';

interface Step {
  readonly step: string;
  readonly message: string;
}

const SHOWN_STEPS = ['dry-run', 'applied', 'NamesAccepted', 'Established'] as const;
const STEP_LABEL: Record<string, string> = {
  'dry-run': 'Dry run',
  applied: 'Applied',
  NamesAccepted: 'NamesAccepted',
  Established: 'Established',
};

interface Props {
  readonly designId: string;
  /** Saves unsaved edits first; resolves to the version to install. */
  readonly ensureSaved: () => Promise<number>;
  readonly onServerIssues: (issues: readonly Issue[]) => void;
  readonly disabled: boolean;
}

export function InstallPanel({ designId, ensureSaved, onServerIssues, disabled }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [operationId, setOperationId] = useState<string | null>(null);
  const [steps, setSteps] = useState<readonly Step[]>([]);
  const [state, setState] = useState<'idle' | 'running' | 'done' | 'failed'>('idle');
  const [refusal, setRefusal] = useState<InstallRefusal | null>(null);
  const [confirm, setConfirm] = useState<{ version: number; refusal: InstallRefusal } | null>(null);

  // Live progress on the page's one subscription, only while an install runs (the mutation's
  // answer has the same steps).
  useLiveEvents(operationId !== null && state === 'running' ? installTopic(operationId) : null, (event) => {
    if ('operation' in event) setSteps(event.operation.steps);
  });

  const install = useMutation(trpc.crds.install.mutationOptions());

  const run = async (confirmBreaking: boolean, knownVersion?: number) => {
    setRefusal(null);
    setConfirm(null);
    setSteps([]);
    onServerIssues([]);
    setState('running');
    let version = knownVersion;
    try {
      version ??= await ensureSaved();
      const id = `ui-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      setOperationId(id);
      const result = await install.mutateAsync({ designId, version, confirmBreaking, operationId: id });
      setSteps(result.operation.steps);
      setState('done');
      await queryClient.invalidateQueries({ queryKey: trpc.crds.pathKey() });
    } catch (err) {
      const r = installRefusal(err);
      setState('failed');
      if (r.needsConfirmation && !confirmBreaking && version !== undefined) setConfirm({ version, refusal: r });
      else setRefusal(r);
      onServerIssues(r.causes);
    }
  };

  const reached = new Set(steps.map((s) => s.step));
  return (
    <div className={styles.install}>
      <button
        type="button"
        className={styles.primary}
        disabled={disabled || state === 'running'}
        onClick={() => void run(false)}
      >
        Install CRD
      </button>
      {state !== 'idle' ? (
        <ol className={styles.steps} aria-label="Install progress">
          {SHOWN_STEPS.filter((s) => reached.has(s)).map((s) => (
            <li key={s} className={styles.stepDone} title={steps.find((x) => x.step === s)?.message}>
              ✓ {STEP_LABEL[s]}
            </li>
          ))}
          {state === 'running' ? (
            <li className={styles.stepTodo}>{steps.length === 0 ? 'Starting…' : 'Working…'}</li>
          ) : null}
          {state === 'failed' && confirm === null ? <li className={styles.stepFailed}>Failed</li> : null}
        </ol>
      ) : null}
      {refusal !== null ? (
        <p role="alert" className={styles.issueText}>
          {refusal.message}
        </p>
      ) : null}
      {confirm !== null ? (
        <div role="dialog" aria-modal="true" aria-labelledby="breaking-h" className={styles.dialog}>
          <div className={styles.dialogBox}>
            <h2 id="breaking-h">Breaking changes</h2>
            <p>Installing this version changes the CRD in ways that can break existing resources or clients:</p>
            <ul>
              {confirm.refusal.causes.map((c, i) => (
                <li key={i}>
                  <span className={styles.mono}>{c.path || 'crd'}</span>: {c.message.replace(/^API server: /, '')}
                </li>
              ))}
            </ul>
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
