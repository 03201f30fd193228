'use client';
// "?": every keyboard shortcut, read from the same table that registers them (shortcuts.ts).
import { shortcutLabel } from '@opstudio/shared/palette/keys';
import { Fragment } from 'react';
import { DIALOG_KEYS, PAGE_KEYS, SHORTCUTS } from './shortcuts';
import { useModalDialog } from './use-modal-dialog';
import styles from './palette.module.css';

interface Props {
  readonly open: boolean;
  readonly mac: boolean;
  readonly onClose: () => void;
}

function Keys({ keys, mac }: { readonly keys: string; readonly mac: boolean }) {
  return (
    <>
      {shortcutLabel(keys, mac).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          {part === 'then' ? <span className={styles.then}>then</span> : <kbd className={styles.kbd}>{part}</kbd>}
        </Fragment>
      ))}
    </>
  );
}

export function HelpOverlay({ open, mac, onClose }: Props) {
  const dialog = useModalDialog(open, onClose);
  const rows = [...SHORTCUTS, ...PAGE_KEYS, ...DIALOG_KEYS];
  return (
    <dialog ref={dialog.ref} className={styles.help} aria-labelledby="shortcuts-heading" onClose={dialog.onClose}>
      <h2 id="shortcuts-heading" className={styles.helpTitle}>
        Keyboard shortcuts
      </h2>
      <table className={styles.keys}>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.keys}>
              <td>
                <Keys keys={r.keys} mac={mac} />
              </td>
              <td>{r.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>
        Letter keys work outside text fields. In the YAML editor every key is the editor&apos;s: open the palette with
        the Search button in the header.
      </p>
      <button type="button" onClick={onClose} autoFocus>
        Close
      </button>
    </dialog>
  );
}
