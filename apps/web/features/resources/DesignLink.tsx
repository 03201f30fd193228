'use client';
// "design Memcached (revision 4)", linking to the designer: a kind names the design it was
// installed from, never its database id. A deleted design says so.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../trpc/client';
import { useCluster } from '../cluster/ClusterScope';
import { designPath } from './paths';

export function DesignLink({ id, revision }: { readonly id: string; readonly revision: number | null }) {
  const trpc = useTRPC();
  const { href: on } = useCluster();
  const design = useQuery({ ...trpc.designs.get.queryOptions({ id }), retry: false });
  const suffix = revision !== null ? ` (revision ${revision})` : '';
  if (design.isError) return <span>from a design that has since been deleted{suffix}</span>;
  return (
    <span>
      design <Link href={on(designPath(id))}>{design.data?.name ?? '…'}</Link>
      {suffix}
    </span>
  );
}
