'use client';
// What the palette can offer this user on this page, as ranked-list items with what each does:
// pages, kinds (live, as the navigation), designs, the cached resources matching the text (asked
// from the controller, which checks access), and commands. Commands the user's role cannot run
// are not offered (the server refuses anyway). A second step ("Install CRD" away from a designer)
// lists the designs instead.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaletteItem } from '@opstudio/shared/palette/rank';
import { useDeferredValue, useMemo } from 'react';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows, useSession } from '../auth';
import { useCluster } from '../cluster/ClusterScope';
import { designPath, kindPath, objectPath } from '../resources/paths';
import { useKinds } from '../resources/use-kinds';
import type { DesignerAction } from './designer-intent';

export interface PaletteEntry extends PaletteItem {
  /** Navigate here. */
  readonly href?: string;
  /** Or run this (a command). */
  readonly command?: PaletteCommand;
}

export type PaletteCommand =
  | { readonly type: 'designer'; readonly action: DesignerAction; readonly designId: string }
  | { readonly type: 'pick-design'; readonly action: DesignerAction }
  | { readonly type: 'toggle-theme' }
  | { readonly type: 'sign-out' }
  | { readonly type: 'help' };

export const STEP_TITLE: Record<DesignerAction, string> = {
  install: 'Install CRD: which design?',
  export: 'Export zip: which design?',
};
const ACTION_LABEL: Record<DesignerAction, string> = { install: 'Install CRD', export: 'Export zip' };

/** The design open in the designer, from the path inside the cluster (/designs/<id>), or null. */
export function openDesignId(pathname: string): string | null {
  const m = /^\/designs\/([^/]+)$/.exec(pathname);
  return m?.[1] === undefined || m[1] === 'new' ? null : decodeURIComponent(m[1]);
}

export interface PaletteData {
  readonly items: readonly PaletteEntry[];
  /** Kinds whose resources were not searched (not loaded in the controller's cache). */
  readonly notLoaded: number;
  readonly searching: boolean;
}

export function usePaletteItems(open: boolean, text: string, step: DesignerAction | null): PaletteData {
  const trpc = useTRPC();
  const { path: pathname, href: on } = useCluster();
  const { session } = useSession();
  const isAdmin = useRoleAllows('admin');
  const isEditor = useRoleAllows('editor');
  const { kinds } = useKinds();
  const designs = useQuery({ ...trpc.designs.list.queryOptions(), enabled: open, staleTime: 10_000 });
  const query = useDeferredValue(text.trim());
  const search = useQuery({
    ...trpc.resources.search.queryOptions({ text: query, limit: 20 }),
    enabled: open && step === null && query !== '',
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
  const current = openDesignId(pathname);

  const items = useMemo((): PaletteEntry[] => {
    const designItems = (designs.data ?? []).map((d): PaletteEntry => ({
      id: `design:${d.id}`,
      group: 'Designs',
      label: d.name,
      ...(d.kind !== null ? { detail: d.crdName ?? d.kind } : {}),
      keywords: d.kind !== null ? [d.kind] : [],
      ...(step === null
        ? { href: on(designPath(d.id)) }
        : { command: { type: 'designer', action: step, designId: d.id } }),
    }));
    if (step !== null) return designItems;
    const pages: PaletteEntry[] = [
      { id: 'page:/', group: 'Pages', label: 'Cluster', detail: 'Home', keywords: ['home', 'overview'], href: on('/') },
      { id: 'page:/designs', group: 'Pages', label: 'Designs', href: on('/designs') },
      ...(isAdmin
        ? [
            { id: 'page:/admin/users', group: 'Pages', label: 'Users', detail: 'Admin', href: '/admin/users' } as const,
            {
              id: 'page:/admin/audit',
              group: 'Pages',
              label: 'Audit log',
              detail: 'Admin',
              href: '/admin/audit',
            } as const,
          ]
        : []),
    ];
    const kindItems = (kinds ?? []).map((k): PaletteEntry => ({
      id: `kind:${k.name}`,
      group: 'Kinds',
      label: k.kind,
      detail: k.group,
      keywords: [k.plural, ...k.shortNames],
      href: on(kindPath(k.name)),
    }));
    const resourceItems = (query === '' ? [] : (search.data?.hits ?? [])).map((r): PaletteEntry => ({
      id: `resource:${r.crdName}/${r.namespace ?? ''}/${r.name}`,
      group: 'Resources',
      label: r.name,
      detail: r.namespace === null ? r.kind : `${r.kind} in ${r.namespace}`,
      href: on(objectPath(r.crdName, r.namespace ?? undefined, r.name)),
    }));
    const designerCommand = (action: DesignerAction): PaletteEntry => ({
      id: `cmd:${action}`,
      group: 'Commands',
      label: current === null ? `${ACTION_LABEL[action]}…` : ACTION_LABEL[action],
      ...(current !== null ? { detail: 'this design' } : {}),
      command: current === null ? { type: 'pick-design', action } : { type: 'designer', action, designId: current },
    });
    const commands: PaletteEntry[] = [
      ...(isEditor
        ? [{ id: 'cmd:new-design', group: 'Commands', label: 'New design', href: on('/designs/new') } as const]
        : []),
      ...(isAdmin ? [designerCommand('install')] : []),
      designerCommand('export'),
      {
        id: 'cmd:theme',
        group: 'Commands',
        label: 'Toggle theme',
        keywords: ['dark', 'light'],
        command: { type: 'toggle-theme' },
      },
      {
        id: 'cmd:help',
        group: 'Commands',
        label: 'Keyboard shortcuts',
        keywords: ['help', 'keys'],
        command: { type: 'help' },
      },
      ...(session?.mode === 'multi-user' && session.user !== null
        ? [{ id: 'cmd:sign-out', group: 'Commands', label: 'Sign out', command: { type: 'sign-out' } } as const]
        : []),
    ];
    return [...pages, ...kindItems, ...resourceItems, ...designItems, ...commands];
  }, [designs.data, step, isAdmin, isEditor, kinds, query, search.data, current, session, on]);

  return {
    items,
    notLoaded: query === '' || step !== null ? 0 : (search.data?.notLoaded.length ?? 0),
    searching: search.isFetching,
  };
}
