'use client';
// /designs/[id]: loads the latest version and hands it to the designer. A version that no
// longer parses opens as YAML only would be better; for now it says what is wrong.
import { useQuery } from '@tanstack/react-query';
import { parseDesign } from '@opstudio/shared/design/io';
import { useMemo } from 'react';
import { useTRPC } from '../../trpc/client';
import { Designer } from './Designer';
import styles from './designer.module.css';
import { Skeleton } from '../shell/Skeleton';

export function DesignerPage({ id }: { readonly id: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.designs.get.queryOptions({ id }, { staleTime: Infinity }));
  const parsed = useMemo(() => (query.data ? parseDesign(query.data.yaml) : null), [query.data]);
  if (query.isPending) return <Skeleton lines={8} label="Loading the design…" />;
  if (query.isError)
    return (
      <p role="alert" className={styles.issueText}>
        Cannot open this design: {query.error.message}
      </p>
    );
  if (parsed === null || !parsed.ok) {
    return (
      <p role="alert" className={styles.issueText}>
        This design does not parse:{' '}
        {parsed?.ok === false ? parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ') : ''}
      </p>
    );
  }
  const { data } = query;
  // keyed by id only: a save refetches the query, and that must not reset the designer
  return <Designer key={data.id} id={data.id} name={data.name} version={data.version} design={parsed.design} />;
}
