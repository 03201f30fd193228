'use client';
// The review before an apply or a create (docs/design/0032-apply-diff.md): a modal dialog with
// the server's dry-run answer against the live object in Monaco's diff editor, the changed
// fields as a list (what a screen reader reads, and what the tests assert), and Confirm. A
// conflict with a change made meanwhile lists those fields and offers Reload. A native <dialog>
// opened with showModal(): the page behind is inert, focus stays inside, Esc cancels.
import dynamic from 'next/dynamic';
import { useEffect, useId, useRef } from 'react';
import type { ApplyReview } from './apply-review';
import { keepTabInside } from './dialog-focus-trap';
import diffStyles from './apply-diff.module.css';
import styles from './resources.module.css';
import { Skeleton } from '../shell/Skeleton';

const YamlDiffEditor = dynamic(() => import('../monaco/YamlDiffEditor'), {
  ssr: false,
  loading: () => <Skeleton height="12rem" label="Loading the diff…" />,
});

interface Props {
  /** null: closed */
  readonly review: ApplyReview | null;
  /** "Apply to memcached-sample", "Create memcached-sample" */
  readonly title: string;
  /** "live object" or "nothing (new object)": what the left side is */
  readonly beforeLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** offered on a conflict */
  readonly onReload?: () => void;
}

export function ApplyDiffDialog({ review, title, beforeLabel, onConfirm, onCancel, onReload }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const modelPath = `file:///review/${useId().replace(/[^\w-]/g, '')}`;
  const open = review !== null;

  // focus goes back where it was when the dialog opened (the Apply or Create button); the
  // browser's own return fails when that button was disabled meanwhile, leaving focus on <body>
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d === null) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
    }
    if (!open && d.open) {
      d.close();
      const back = opener.current;
      opener.current = null;
      // after React has re-rendered the page behind (Apply is disabled once nothing is left to apply)
      requestAnimationFrame(() => {
        if (document.activeElement === document.body) returnFocus(back);
      });
    }
  }, [open]);

  const cancelButton = (label: string) => (
    <button type="button" className={styles.button} onClick={onCancel}>
      {label}
    </button>
  );

  return (
    <dialog
      ref={dialog}
      className={`${styles.dialog} ${diffStyles.wide}`}
      aria-labelledby={titleId}
      // Esc (and any other close) is a Cancel: the draft stays as it is
      onClose={() => open && onCancel()}
      onKeyDown={keepTabInside}
    >
      <h2 id={titleId}>{title}</h2>
      {review?.step === 'checking' && (
        <p className={styles.note} role="status">
          Asking the API server for a dry run…
        </p>
      )}
      {review?.step === 'refused' && (
        <>
          <p className={styles.error} role="alert">
            The API server refuses this: {review.message}
          </p>
          <div className={styles.dialogButtons}>{cancelButton('Close')}</div>
        </>
      )}
      {review?.step === 'conflict' && (
        <>
          <p className={styles.error} role="alert">
            Not applied: the object changed since you started editing. Changed meanwhile:
          </p>
          <ChangeList label="Changed meanwhile" lines={review.meanwhile} />
          <p className={styles.note}>
            Your draft is kept.{' '}
            {review.collisions.length > 0
              ? `Reload takes the live object; your edits to ${review.collisions.join(', ')} are dropped (changed meanwhile), your other edits stay.`
              : 'Reload takes the live object and keeps your edits on top.'}
          </p>
          <div className={styles.dialogButtons}>
            {cancelButton('Cancel')}
            <button type="button" className={`${styles.button} ${styles.primary}`} onClick={onReload}>
              Reload
            </button>
          </div>
        </>
      )}
      {review?.step === 'diff' && (
        <>
          {review.changes.length === 0 ? (
            <p className={styles.note} role="status">
              No change: the API server would store the object as it is.
            </p>
          ) : (
            <ChangeList label="Changes" lines={review.changes} />
          )}
          <div className={diffStyles.diff}>
            <YamlDiffEditor
              original={review.before}
              modified={review.after}
              originalLabel={`Before: ${beforeLabel} (YAML)`}
              modifiedLabel="After: the API server's dry-run answer (YAML)"
              modelPath={modelPath}
            />
          </div>
          {review.error !== null && (
            <p className={styles.error} role="alert">
              {review.error}
            </p>
          )}
          <div className={styles.dialogButtons}>
            {cancelButton(review.changes.length === 0 ? 'Close' : 'Cancel')}
            {review.changes.length > 0 && (
              <button
                type="button"
                className={`${styles.button} ${styles.primary}`}
                onClick={onConfirm}
                disabled={review.sending}
              >
                {review.sending ? 'Applying…' : 'Confirm'}
              </button>
            )}
          </div>
        </>
      )}
    </dialog>
  );
}

/** The opener if it can take focus, else the first control of the form it belongs to. */
function returnFocus(opener: HTMLElement | null): void {
  if (opener === null || !opener.isConnected) return;
  const usable = (el: Element): boolean => !el.matches(':disabled') && el.getClientRects().length > 0;
  if (usable(opener)) {
    opener.focus();
    return;
  }
  const form = opener.closest('form, section, [role="region"]');
  const controls =
    form === null ? [] : Array.from(form.querySelectorAll<HTMLElement>('input, select, textarea, button'));
  controls.find(usable)?.focus();
}

function ChangeList({ label, lines }: { readonly label: string; readonly lines: readonly string[] }) {
  return (
    <ul className={diffStyles.changes} aria-label={label}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
