'use client';
// The children and who reads whom, drawn small: a column per depth (children that read no other
// on the left), an arrow from each child to the child it reads, dashed boxes for children that
// exist only while their includeWhen holds.
import type { ResourceGraph as Graph } from '@opstudio/shared/graph/model';
import { graphEdges } from '@opstudio/shared/graph/edges';
import { useMemo } from 'react';
import own from './resources.module.css';

const W = 130;
const H = 38;
const GAP_X = 50;
const GAP_Y = 14;

export function ResourceGraph({ graph }: { readonly graph: Graph }) {
  const { nodes, edges } = useMemo(() => graphEdges(graph), [graph]);
  const rows = new Map<number, number>();
  const at = new Map<string, { x: number; y: number }>();
  for (const n of nodes) {
    const row = rows.get(n.depth) ?? 0;
    rows.set(n.depth, row + 1);
    at.set(n.id, { x: 8 + n.depth * (W + GAP_X), y: 8 + row * (H + GAP_Y) });
  }
  const width = 16 + Math.max(1, ...[...rows.keys()].map((d) => d + 1)) * (W + GAP_X) - GAP_X;
  const height = 16 + Math.max(1, ...rows.values()) * (H + GAP_Y) - GAP_Y;
  if (nodes.length === 0) return null;
  return (
    <figure className={own.graph}>
      <svg width={width} height={height} role="img" aria-label="Resources and the resources they read">
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">
            <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
          </marker>
        </defs>
        {edges.map((e) => {
          const from = at.get(e.from)!;
          const to = at.get(e.to)!;
          const backwards = from.x <= to.x; // a cycle: drawn anyway, validation names it
          return (
            <line
              key={`${e.from}-${e.to}`}
              x1={from.x}
              y1={from.y + H / 2}
              x2={backwards ? to.x + W / 2 : to.x + W}
              y2={backwards ? to.y + H : to.y + H / 2}
              className={own.edge}
              markerEnd="url(#arrow)"
            >
              <title>{`${e.from} reads ${e.to} (${e.via})`}</title>
            </line>
          );
        })}
        {nodes.map((n) => {
          const p = at.get(n.id)!;
          return (
            <g key={n.id} transform={`translate(${p.x},${p.y})`} data-node={n.id}>
              <rect
                width={W}
                height={H}
                rx={6}
                className={own.node}
                strokeDasharray={n.conditional ? '5 3' : n.external === true ? '1 3' : undefined}
              />
              <text x={8} y={16} className={own.nodeId}>
                {n.id}
              </text>
              <text x={8} y={30} className={own.nodeKind}>
                {n.kind}
                {n.conditional ? ' · when' : ''}
                {n.external === true ? ' · read' : ''}
                {n.collection === true ? ' · for each' : ''}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className={own.caption}>
        Arrows point to what a resource reads; dashed: only while includeWhen holds; dotted: an external reference, read
        from the cluster; for each: one object per element of a list.
      </figcaption>
    </figure>
  );
}
