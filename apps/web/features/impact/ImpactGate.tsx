'use client';
// What Install shows first (docs/design/0051): the impact of the version on the live resources,
// then Install or Cancel. A resource the new CRD would refuse, or one that does not come back equal
// through the draft's conversion rules, blocks Install until the person ticks that they accept it. With nothing to review (the CRD is new, or no resource is refused or
// changes) Install goes on at once; when the plan itself fails, its error is shown and Install
// stays possible (the breaking-change check of the install still runs).
import { useCallback, useRef, useState } from 'react';
import styles from '../designer/designer.module.css';
import { ImpactPanel, type ImpactFigures } from './ImpactPanel';

interface Props {
  readonly designId: string;
  readonly version: number;
  readonly onCancel: () => void;
  readonly onInstall: () => void;
}

export function ImpactGate({ designId, version, onCancel, onInstall }: Props) {
  const [figures, setFigures] = useState<ImpactFigures | null>(null);
  const [accepted, setAccepted] = useState(false);
  const went = useRef(false);
  const planned = useCallback(
    (f: ImpactFigures) => {
      setFigures(f);
      const nothing = !f.failed && (!f.installed || (f.refused === 0 && f.changed === 0 && f.roundTripFailed === 0));
      if (nothing && !went.current) {
        went.current = true;
        onInstall();
      }
    },
    [onInstall],
  );
  const needsConsent = figures !== null && (figures.refused > 0 || figures.roundTripFailed > 0);
  const blocked = figures === null || (needsConsent && !accepted);
  const consent = (f: ImpactFigures) =>
    [
      f.refused > 0 ? `${f.refused} ${f.refused === 1 ? 'resource' : 'resources'} would be refused` : '',
      f.roundTripFailed > 0
        ? `${f.roundTripFailed} ${f.roundTripFailed === 1 ? 'resource does' : 'resources do'} not round-trip`
        : '',
    ]
      .filter((s) => s !== '')
      .join(' and ');
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="impact-h" className={styles.dialog}>
      <div className={styles.dialogBox}>
        <h2 id="impact-h">Impact on live resources</h2>
        <ImpactPanel designId={designId} version={version} onPlanned={planned} />
        {figures !== null && needsConsent ? (
          <label>
            <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} /> Install
            although {consent(figures)}
          </label>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={styles.primary}
            disabled={blocked}
            onClick={() => {
              went.current = true;
              onInstall();
            }}
          >
            Install
          </button>
        </div>
      </div>
    </div>
  );
}
