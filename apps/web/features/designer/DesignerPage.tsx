'use client';
// /designs/[id]: loads the latest version and hands it to the designer. Every entry asks the
// controller again (a cached answer from an earlier visit would show an old version as current,
// and offer no draft typed over the newer one), and the designer is told the latest version while
// it stays open, so it can refuse to install or export a version that is no longer the latest.
// A version that no longer parses opens as YAML only would be better; for now it says what is wrong.
import { useQuery } from '@tanstack/react-query';
import { parseDesign } from '@opstudio/shared/design/io';
import { useMemo, useState } from 'react';
import { useTRPC } from '../../trpc/client';
import { Designer } from './Designer';
import styles from './designer.module.css';
import { Skeleton } from '../shell/Skeleton';

export function DesignerPage({ id }: { readonly id: string }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.designs.get.queryOptions(
      { id },
      // asked again on every entry and whenever the tab comes back to the front (another tab or
      // person may have saved meanwhile); no polling: the answer carries the whole design
      { staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: true },
    ),
  );
  // the designer opens on what this entry fetched, never on a cached answer from an earlier visit
  const [opened, setOpened] = useState<NonNullable<typeof query.data> | null>(null);
  if (opened === null && query.isFetchedAfterMount && query.data !== undefined) setOpened(query.data);
  const parsed = useMemo(() => (opened ? parseDesign(opened.yaml) : null), [opened]);
  if (query.isError && opened === null)
    return (
      <p role="alert" className={styles.issueText}>
        Cannot open this design: {query.error.message}
      </p>
    );
  if (opened === null) return <Skeleton lines={8} label="Loading the design…" />;
  if (parsed === null || !parsed.ok) {
    return (
      <p role="alert" className={styles.issueText}>
        This design does not parse:{' '}
        {parsed?.ok === false ? parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ') : ''}
      </p>
    );
  }
  // keyed by id only: a newer version saved meanwhile must not reset the designer (and its edits)
  return (
    <Designer
      key={opened.id}
      id={opened.id}
      name={opened.name}
      version={opened.version}
      latestVersion={Math.max(opened.version, query.data?.version ?? 0)}
      design={parsed.design}
    />
  );
}
