'use client';
// The resources form of the operand: the external references it reads, the children in order
// (each with its template in Monaco), "Add resource" with a starter per kind, the status
// bindings, the design's own conditions, and a small graph of who reads whom. Every change is one
// design edit, so undo and the design's YAML follow.
import type { Design } from '@opstudio/shared/design/schema';
import { celSuggestions } from '@opstudio/shared/designer/cel-completion';
import type { IteratorRow } from './foreach-edit';
import { starterChild } from '@opstudio/shared/graph/starters';
import { useCallback, useRef } from 'react';
import { ChildCard } from './ChildCard';
import { ConditionsSection } from './ConditionsSection';
import { ExternalRefsSection } from './ExternalRefsSection';
import type { Edit } from './edit';
import { KindPicker } from './KindPicker';
import { ResourceGraph } from './ResourceGraph';
import { NamespacesInput } from './NamespacesInput';
import { addChild, childrenOf, moveChild, removeChild, setChild } from './resources-edit';
import { StatusBindings } from './StatusBindings';
import styles from './designer.module.css';
import own from './resources.module.css';

export function ResourcesSection({ design, edit }: { readonly design: Design; readonly edit: Edit }) {
  const children = childrenOf(design);
  // completion reads the latest design without re-registering the editors' providers each edit
  const latest = useRef(design);
  latest.current = design;
  const suggest = useCallback(
    (lineBefore: string, iterators: readonly IteratorRow[]) =>
      celSuggestions(
        lineBefore,
        latest.current,
        [
          ...(latest.current.operand?.externalRefs ?? []).map((x) => ({ id: x.id, kind: x.kind })),
          ...childrenOf(latest.current).map((c) => ({ id: c.id, kind: c.template.kind })),
        ],
        iterators,
      ),
    [],
  );
  return (
    <div className={own.resources}>
      <p className={styles.hint}>
        Each resource is a Kubernetes object template; <code>{'${…}'}</code> is CEL over <code>self</code> (the custom
        resource) and the other resources by id. The controller names each <code>&lt;name&gt;-&lt;id&gt;</code> and sets
        labels and the owner; a template may set <code>metadata.namespace</code> (default: the custom resource&apos;s,
        none for cluster-scoped kinds).
      </p>
      <NamespacesInput design={design} edit={edit} />
      <ExternalRefsSection design={design} edit={edit} />
      <h3>Resources</h3>
      {children.length > 0 ? (
        <ResourceGraph graph={{ resources: children, externalRefs: design.operand?.externalRefs ?? [] }} />
      ) : null}
      <ol className={own.children} aria-label="Resources">
        {children.map((child, i) => (
          <ChildCard
            key={i}
            child={child}
            index={i}
            count={children.length}
            suggest={suggest}
            onChange={(next, group) => edit((d) => setChild(d, i, next), group)}
            onMove={(by) => edit((d) => moveChild(d, i, by), null)}
            onRemove={() => edit((d) => removeChild(d, i), null)}
          />
        ))}
      </ol>
      <KindPicker
        onAdd={(apiVersion, kind) => edit((d) => addChild(d, starterChild(apiVersion, kind, childrenOf(d))), null)}
      />
      <StatusBindings design={design} edit={edit} />
      <ConditionsSection design={design} edit={edit} />
    </div>
  );
}
