'use client';
// The impact of installing a design version on the custom resources already running (crds.impact,
// docs/design/0051): the summary line, the resources the new CRD would refuse (field and
// message), the resources that do not round-trip through the draft's conversion rules, each changed resource's children (added, deleted, changed with the field diff), the
// children's dry runs that failed, and how many are unchanged; the lists a page at a time.
// Shown by Install before anything is applied, and as its own page from "Changes vs cluster".
import { childChangeText, type ChildChange } from '@opstudio/shared/impact/index';
import { changeText, type ObjectChange } from '@opstudio/shared/resources/object-changes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../trpc/client';
import styles from '../designer/designer.module.css';

export const IMPACT_PAGE = 50;

export interface ImpactFigures {
  readonly installed: boolean;
  readonly refused: number;
  readonly changed: number;
  /** resources that do not come back equal through the draft's conversion rules */
  readonly roundTripFailed: number;
  /** the plan failed (the installed version is not in this studio's database …): nothing to go by */
  readonly failed: boolean;
}

interface Props {
  readonly designId: string;
  readonly version: number;
  /** told once the plan is there: whether the CRD is installed, and how many resources would be refused */
  readonly onPlanned?: (figures: ImpactFigures) => void;
}

const where = (r: { namespace?: string | undefined; name: string }) =>
  r.namespace === undefined ? r.name : `${r.namespace}/${r.name}`;

export function ImpactPanel({ designId, version, onPlanned }: Props) {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const impact = useQuery({
    ...trpc.crds.impact.queryOptions({ designId, version, offset, limit: IMPACT_PAGE }),
    placeholderData: keepPreviousData,
  });
  const data = impact.data;
  const failed = impact.isError;
  useEffect(() => {
    if (data !== undefined)
      onPlanned?.({
        installed: data.installed !== null,
        refused: data.counts.refused,
        changed: data.counts.changed,
        roundTripFailed: data.roundTrip?.failed ?? 0,
        failed: false,
      });
    else if (failed) onPlanned?.({ installed: true, refused: 0, changed: 0, roundTripFailed: 0, failed: true });
  }, [data, failed, onPlanned]);
  if (impact.isPending) return <p className={styles.hint}>Planning the impact on the live resources…</p>;
  if (impact.isError)
    return (
      <p role="alert" className={styles.issueText}>
        {impact.error.message}
      </p>
    );
  const d = impact.data;
  if (d.installed === null)
    return <p className={styles.hint}>Not installed yet: no resource of this kind exists, nothing changes.</p>;
  // JSON drops a field's absent side (`before` of an added field): the shared types read it as undefined
  const r = d.report;
  const most = Math.max(d.counts.refused, d.counts.changed, d.counts.unchanged);
  return (
    <section aria-label="Impact on live resources">
      <p role="status">{r.summary}</p>
      <p className={styles.hint}>
        Version {d.designVersion} against version {d.installed.designVersion} installed, read at{' '}
        <span className={styles.mono}>{d.servedVersion}</span>. Nothing is written: the changed children are dry-run as{' '}
        <span className={styles.mono}>{d.dryRun.as}</span> ({d.dryRun.checked} checked, {d.dryRun.failed.length} refused
        {d.dryRun.skipped > 0 ? `, ${d.dryRun.skipped} not checked` : ''}).
      </p>
      {d.counts.refused > 0 ? (
        <table className={styles.changes} aria-label="Refused resources">
          <thead>
            <tr>
              <th>Refused</th>
              <th>When</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {r.refused.map((x) => (
              <tr key={where(x)} className={styles.breaking}>
                <td className={styles.mono}>{where(x)}</td>
                <td>
                  {x.refused?.when === 'next-write' ? 'on its next write' : 'when re-created or the field changes'}
                </td>
                <td>{x.refused?.fields.map((f) => f.message).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {d.roundTrip !== null ? (
        <p className={d.roundTrip.failed > 0 ? styles.issueText : styles.hint}>
          Conversion rules: {d.roundTrip.checked} {d.roundTrip.checked === 1 ? 'resource' : 'resources'} through every
          version and back (read at <span className={styles.mono}>{d.roundTrip.readAt}</span>),{' '}
          {d.roundTrip.failed === 0 ? 'all come back equal.' : `${d.roundTrip.failed} do not come back equal:`}
        </p>
      ) : null}
      {d.roundTrip !== null && d.roundTrip.failures.length > 0 ? (
        <ul aria-label="Resources that do not round-trip" className={styles.issueText}>
          {d.roundTrip.failures.map((f) => (
            <li key={where(f)}>
              <span className={styles.mono}>{where(f)}</span>: {f.message}
            </li>
          ))}
          {d.roundTrip.failed > d.roundTrip.failures.length ? (
            <li>… and {d.roundTrip.failed - d.roundTrip.failures.length} more</li>
          ) : null}
        </ul>
      ) : null}
      {d.dryRun.failed.length > 0 ? (
        <ul aria-label="Dry runs refused" className={styles.issueText}>
          {d.dryRun.failed.map((f) => (
            <li key={`${where(f)} ${f.child}`}>
              {where(f)} {f.child}: {f.message}
            </li>
          ))}
        </ul>
      ) : null}
      {d.counts.changed > 0 ? (
        <table className={styles.changes} aria-label="Changed resources">
          <thead>
            <tr>
              <th>Resource</th>
              <th>Children</th>
            </tr>
          </thead>
          <tbody>
            {r.changed.map((x) => (
              <tr key={where(x)}>
                <td className={styles.mono}>{where(x)}</td>
                <td>
                  {x.children.map((c) => (
                    <div key={c.id}>
                      {childChangeText(c as ChildChange)} <span className={styles.mono}>{c.name}</span>
                      {c.fields.map((f) => (
                        <div key={f.path} className={`${styles.hint} ${styles.mono}`}>
                          {changeText(f as ObjectChange)}
                        </div>
                      ))}
                    </div>
                  ))}
                  {(x.failures ?? []).map((f) => (
                    <div key={f} className={styles.issueText}>
                      cannot render: {f}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {r.notes.map((n) => (
        <p key={n} className={styles.hint}>
          {n}
        </p>
      ))}
      {most > IMPACT_PAGE ? (
        <nav aria-label="Impact pages">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - IMPACT_PAGE))}>
            Previous
          </button>{' '}
          <span>
            {offset + 1}–{Math.min(offset + IMPACT_PAGE, most)} of {most}
          </span>{' '}
          <button type="button" disabled={offset + IMPACT_PAGE >= most} onClick={() => setOffset(offset + IMPACT_PAGE)}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
