'use client';
// /admin/audit: every change the studio made and every refusal, newest first, filtered by user,
// action, object kind/name and result, fifty rows a page (paged back by id, as audit.list does).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { AUDIT_RESULTS } from '@opstudio/shared/audit/index';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows, useSession } from '../auth';
import {
  auditQueryInput,
  emptyAuditFilter,
  knownActions,
  objectText,
  summaryText,
  type AuditFilterForm,
} from './audit-text';
import styles from './admin.module.css';
import { Skeleton } from '../shell/Skeleton';

const PAGE_SIZE = 50;

export function AuditLog() {
  const trpc = useTRPC();
  const admin = useRoleAllows('admin');
  const known = useSession().session !== null;
  const [draft, setDraft] = useState<AuditFilterForm>(emptyAuditFilter);
  const [filter, setFilter] = useState<AuditFilterForm>(emptyAuditFilter);
  // the ids each shown page started before: the last one is the current page, [] is the newest
  const [cursors, setCursors] = useState<readonly number[]>([]);
  const beforeId = cursors.at(-1);
  // one row more than shown tells whether an older page exists
  const query = useQuery({
    ...trpc.audit.list.queryOptions(auditQueryInput(filter, beforeId, PAGE_SIZE + 1)),
    enabled: admin,
    placeholderData: keepPreviousData,
  });
  if (known && !admin)
    return <p className={styles.error}>The audit log is for admins: ask an admin to show it to you.</p>;

  const rows = (query.data ?? []).slice(0, PAGE_SIZE);
  const hasOlder = (query.data?.length ?? 0) > PAGE_SIZE;
  const set = (key: keyof AuditFilterForm) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
    setCursors([]);
  };
  const onClear = () => {
    setDraft(emptyAuditFilter);
    setFilter(emptyAuditFilter);
    setCursors([]);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Audit log</h1>
      <form className={styles.filters} onSubmit={onSubmit} aria-label="Filter the audit log">
        <label>
          User
          <input value={draft.actor} onChange={set('actor')} spellCheck={false} />
        </label>
        <label>
          Action
          <input value={draft.action} onChange={set('action')} list="audit-actions" spellCheck={false} />
        </label>
        <datalist id="audit-actions">
          {knownActions.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        <label>
          Kind
          <input value={draft.kind} onChange={set('kind')} spellCheck={false} />
        </label>
        <label>
          Object name
          <input value={draft.name} onChange={set('name')} spellCheck={false} />
        </label>
        <label>
          Result
          <select value={draft.result} onChange={set('result')}>
            <option value="">any</option>
            {AUDIT_RESULTS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.button}>
          Filter
        </button>
        <button type="button" className={styles.button} onClick={onClear}>
          Clear
        </button>
      </form>
      <p className={styles.muted}>
        Exact matches. Custom resources are filed under their plural (e.g. memcacheds); installs and uninstalls under
        CustomResourceDefinition, with the CRD as the object name.
      </p>
      {query.isError ? (
        <p role="alert" className={styles.error}>
          Cannot read the audit log: {query.error.message}
        </p>
      ) : null}
      {query.isPending ? <Skeleton lines={6} label="Loading the audit log…" /> : null}
      {query.data !== undefined && rows.length === 0 ? (
        <p className={styles.muted}>No entries{cursors.length > 0 ? ' on this page' : ' match'}.</p>
      ) : null}
      {rows.length > 0 ? (
        <table className={styles.table} aria-label="Audit log">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>Action</th>
              <th>Object</th>
              <th>Result</th>
              <th>Details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => {
              const summary = summaryText(e.summary);
              return (
                <tr key={e.id}>
                  <td title={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleString()}</td>
                  <td>
                    {e.actor}
                    {e.actorRole !== undefined ? <span className={styles.muted}> ({e.actorRole})</span> : null}
                  </td>
                  <td className={`${styles.mono} ${styles.nowrap}`}>{e.action}</td>
                  <td className={styles.mono}>
                    {objectText(e)}
                    {e.cluster !== undefined ? <span className={styles.muted}> in {e.cluster}</span> : null}
                  </td>
                  <td>
                    <span className={`${styles.badge} ${styles[e.result] ?? ''}`}>{e.result}</span>
                    {e.error !== undefined ? <div className={styles.errorText}>{e.error}</div> : null}
                  </td>
                  <td className={styles.mono} title={summary.full}>
                    {summary.short}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <div className={styles.pager}>
        <button type="button" className={styles.button} disabled={cursors.length === 0} onClick={() => setCursors([])}>
          Newest
        </button>
        <button
          type="button"
          className={styles.button}
          disabled={cursors.length === 0}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className={styles.button}
          disabled={!hasOlder || query.isPlaceholderData}
          onClick={() => setCursors((c) => [...c, rows.at(-1)!.id])}
        >
          Older
        </button>
        <span className={styles.muted}>Page {cursors.length + 1}</span>
      </div>
    </div>
  );
}
