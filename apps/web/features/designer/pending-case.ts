// "Add as test case to the design" on a custom resource's page hands the live object to the
// designer: what the page shows of it (name, namespace, spec, and each child it owns with the
// child id and the conditions the cluster reports) is kept in the browser's localStorage under
// the design's id, and the designer takes it on opening (design-tests' liveCase turns it into a
// render case, an edit like any other). Read back through zod: the storage is the page's input.
import type { LiveObject } from '@opstudio/shared/design-tests/edit';
import { COMPONENT_LABEL } from '@opstudio/shared/graph/child-sync';
import { z } from 'zod';
import type { DraftStore } from './drafts';

const PENDING = z.object({
  cr: z.object({
    apiVersion: z.string().optional(),
    kind: z.string().optional(),
    metadata: z.object({ name: z.string(), namespace: z.string().optional() }),
    spec: z.unknown().optional(),
  }),
  children: z
    .array(
      z.object({
        child: z.string(),
        kind: z.string(),
        name: z.string(),
        conditions: z.array(z.record(z.string(), z.unknown())),
      }),
    )
    .max(1000),
});

export type PendingCase = z.infer<typeof PENDING>;

const key = (designId: string) => `opstudio:pending-test-case:${designId}`;

export function writePendingCase(store: DraftStore, designId: string, pending: PendingCase): void {
  try {
    store.setItem(key(designId), JSON.stringify(pending));
  } catch {
    // quota or private mode: nothing is handed over (the designer shows no new case)
  }
}

/** The case handed over for the design, removed from the store (undefined: none, or unreadable). */
export function takePendingCase(store: DraftStore, designId: string): PendingCase | undefined {
  try {
    const raw = store.getItem(key(designId));
    if (raw === null) return undefined;
    store.removeItem(key(designId));
    const parsed = PENDING.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The custom resource and its children as liveCase reads them: a child's status is its conditions. */
export function pendingObjects(p: PendingCase): { cr: LiveObject; children: LiveObject[] } {
  return {
    cr: p.cr,
    children: p.children.map((c) => ({
      kind: c.kind,
      metadata: { name: c.name, labels: { [COMPONENT_LABEL]: c.child } },
      status: { conditions: c.conditions },
    })),
  };
}
