'use client';
// The command palette (Ctrl/⌘-K): a modal <dialog> holding an ARIA combobox: the text field
// owns the focus and points at the highlighted option (aria-activedescendant) of a grouped
// listbox; arrows move, Enter opens or runs, Esc closes.
// The empty field shows recent items first. "Install CRD…" away from a designer is two steps: the
// command, then which design. Palette.tsx decides where the focus returns.
import { rankPalette } from '@opstudio/shared/palette/rank';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useCluster } from '../cluster/ClusterScope';
import { designPath } from '../resources/paths';
import { requestDesignerAction, type DesignerAction } from './designer-intent';
import { readRecent, rememberRecent, signOutAndLeave, toggleTheme } from './palette-actions';
import { openDesignId, STEP_TITLE, usePaletteItems, type PaletteEntry } from './use-palette-items';
import { useModalDialog } from './use-modal-dialog';
import styles from './palette.module.css';

interface Props {
  readonly open: boolean;
  /** Closed by the user (Esc, the backdrop) or after choosing an item. */
  readonly onClose: () => void;
  /** The "Keyboard shortcuts" command: the help overlay replaces the palette. */
  readonly onHelp: () => void;
}

const optionId = (i: number) => `palette-option-${i}`;

export function CommandPalette({ open, onClose, onHelp }: Props) {
  const router = useRouter();
  const { path: pathname, href: on } = useCluster();
  const [text, setText] = useState('');
  const [step, setStep] = useState<DesignerAction | null>(null);
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const { items, notLoaded, searching } = usePaletteItems(open, text, step);
  const groups = useMemo(
    () => rankPalette(items, text, { recent: step === null ? recent : [] }),
    [items, text, recent, step],
  );
  const flat = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const shownActive = Math.min(active, Math.max(0, flat.length - 1));

  const dialog = useModalDialog(open, onClose, () => {
    setText('');
    setStep(null);
    setActive(0);
    setProblem(null);
    setRecent(readRecent());
  });

  useEffect(() => {
    if (open) document.getElementById(optionId(shownActive))?.scrollIntoView({ block: 'nearest' });
  }, [open, shownActive]);

  const choose = (entry: PaletteEntry) => {
    if (step === null) rememberRecent(entry.id);
    const command = entry.command;
    if (command?.type === 'pick-design') {
      setStep(command.action);
      setText('');
      setActive(0);
      return;
    }
    if (command?.type === 'sign-out') {
      // stays open until it worked: a failure is shown here
      signOutAndLeave().catch((err: unknown) => setProblem(err instanceof Error ? err.message : String(err)));
      return;
    }
    if (command?.type === 'help') return onHelp();
    onClose();
    if (entry.href !== undefined) router.push(entry.href);
    else if (command?.type === 'designer') {
      requestDesignerAction(command.designId, command.action);
      if (openDesignId(pathname) !== command.designId) router.push(on(designPath(command.designId)));
    } else if (command?.type === 'toggle-theme') toggleTheme();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (flat.length > 0) setActive((shownActive + (e.key === 'ArrowDown' ? 1 : flat.length - 1)) % flat.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const entry = flat[shownActive];
      if (entry !== undefined) choose(entry);
    } else if (e.key === 'Backspace' && text === '' && step !== null) {
      e.preventDefault();
      setStep(null);
    }
  };

  let index = 0;
  return (
    <dialog
      ref={dialog.ref}
      className={styles.palette}
      aria-label="Command palette"
      onClose={dialog.onClose}
      onClick={(e) => {
        if (e.target === dialog.ref.current) dialog.ref.current.close(); // a click on the backdrop
      }}
    >
      {step !== null ? (
        <p className={styles.step}>
          {STEP_TITLE[step]}{' '}
          <button type="button" className={styles.back} onClick={() => setStep(null)}>
            Back
          </button>
        </p>
      ) : null}
      <input
        className={styles.input}
        role="combobox"
        aria-expanded={flat.length > 0}
        aria-controls="palette-listbox"
        aria-autocomplete="list"
        aria-activedescendant={flat.length > 0 ? optionId(shownActive) : undefined}
        aria-label={step === null ? 'Go to or run' : STEP_TITLE[step]}
        placeholder={step === null ? 'Pages, kinds, resources, designs, commands…' : 'Design name…'}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div id="palette-listbox" role="listbox" aria-label="Results" className={styles.list}>
        {groups.map((g) => (
          <div key={g.group} role="group" aria-labelledby={`palette-group-${g.group}`}>
            <div id={`palette-group-${g.group}`} className={styles.groupName}>
              {g.group}
            </div>
            {g.items.map((item) => {
              const i = index++;
              return (
                <div
                  key={item.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === shownActive}
                  className={styles.option}
                  onMouseDown={(e) => e.preventDefault()} // the text field keeps the focus
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(item)}
                >
                  <span>{item.label}</span>
                  {item.detail !== undefined ? (
                    <>
                      {/* a space, so the option's accessible name does not run the two together */}{' '}
                      <span className={styles.detail}>{item.detail}</span>
                    </>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p role="status" className={styles.footer}>
        {flat.length === 0 ? (searching ? 'Searching…' : 'Nothing matches.') : `${flat.length} results.`}
        {notLoaded > 0
          ? ` Resources of ${notLoaded} kind${notLoaded === 1 ? '' : 's'} not loaded were not searched: open a kind's page to include it.`
          : ''}
      </p>
      {problem !== null ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
    </dialog>
  );
}
