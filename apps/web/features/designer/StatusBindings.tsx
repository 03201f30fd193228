'use client';
// The custom resource's status from the children: `<path under .status>: ${expr}` pairs.
import type { Design } from '@opstudio/shared/design/schema';
import type { Edit } from './edit';
import { TextInput } from './form-bits';
import { setStatus } from './resources-edit';
import own from './resources.module.css';

export function StatusBindings({ design, edit }: { readonly design: Design; readonly edit: Edit }) {
  const entries = Object.entries(design.operand?.status ?? {});
  const put = (next: [string, string][], group: string | null) => edit((d) => setStatus(d, next), group);
  const replace = (i: number, pair: [string, string]) => entries.map((e, n) => (n === i ? pair : e));
  return (
    <>
      <h3>Status</h3>
      <ul className={own.bindings} aria-label="Status bindings">
        {entries.map(([path, expr], i) => (
          <li key={i}>
            <TextInput
              label="Status field"
              value={path}
              onChange={(p) => put(replace(i, [p, expr]), `operand.status[${i}].path`)}
            />
            <TextInput
              label="Value (${…} over self and the resources)"
              issuePath={`operand.status.${path}`}
              value={expr}
              onChange={(x) => put(replace(i, [path, x]), `operand.status[${i}].value`)}
            />
            <button
              type="button"
              onClick={() =>
                put(
                  entries.filter((_e, n) => n !== i),
                  null,
                )
              }
              aria-label={`Remove status ${path}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          put(
            [...entries, [entries.some(([p]) => p === 'phase') ? `field${entries.length}` : 'phase', "${'Ready'}"]],
            null,
          )
        }
      >
        Add status field
      </button>
    </>
  );
}
