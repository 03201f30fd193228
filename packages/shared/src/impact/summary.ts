// The impact in one line, grouped by what happens, largest group first:
// `200 resources: 198 change 1 child (Deployment image), 2 would be refused when … changes (…)`.
import { shortPath } from '../operand/drift';
import type { ChildChange, ImpactGroup, ResourceImpact } from './types';

const FIELDS_SHOWN = 3;

/** `Deployment image`, `Ingress deleted`, `Service added`, `ConfigMap data.GREETING, data.X` */
export function childChangeText(c: ChildChange): string {
  if (c.change !== 'changed') return `${c.kind} ${c.change}`;
  const names = [...new Set(c.fields.map((f) => shortPath(f.path)))];
  const shown = names.slice(0, FIELDS_SHOWN).join(', ');
  return `${c.kind} ${shown}${names.length > FIELDS_SHOWN ? `, +${names.length - FIELDS_SHOWN} more` : ''}`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function groupOf(r: ResourceImpact): Omit<ImpactGroup, 'count'> {
  if (r.refused !== undefined)
    return {
      outcome: 'refused',
      children: r.children.length,
      what: [...new Set(r.refused.fields.map((f) => (f.field === '' ? f.detail : `${f.field}: ${f.detail}`)))].join(
        '; ',
      ),
      when: r.refused.when,
    };
  if (r.failures !== undefined && r.failures.length > 0)
    return { outcome: 'failed', children: r.children.length, what: r.failures.join('; ') };
  return { outcome: 'changed', children: r.children.length, what: r.children.map(childChangeText).join('; ') };
}

function groupText(g: ImpactGroup): string {
  if (g.outcome === 'refused') {
    const fields = [...new Set(g.what.split('; ').map((w) => w.split(':')[0]))].join(', ');
    return g.when === 'next-write'
      ? `${g.count} would be refused on their next write (${g.what})`
      : `${g.count} would be refused when re-created or when ${fields} changes (${g.what})`;
  }
  if (g.outcome === 'failed') return `${g.count} cannot be rendered with the draft (${g.what})`;
  return `${g.count} change ${plural(g.children, 'child', 'children')} (${g.what})`;
}

export function summarise(
  total: number,
  refused: readonly ResourceImpact[],
  changed: readonly ResourceImpact[],
  unchanged: number,
): { groups: ImpactGroup[]; summary: string } {
  const byKey = new Map<string, ImpactGroup>();
  for (const r of [...refused, ...changed]) {
    const g = groupOf(r);
    const key = JSON.stringify(g);
    const had = byKey.get(key);
    byKey.set(key, { ...g, count: (had?.count ?? 0) + 1 });
  }
  const order = { refused: 2, failed: 1, changed: 0 } as const;
  const groups = [...byKey.values()].sort((a, b) => order[a.outcome] - order[b.outcome] || b.count - a.count);
  const parts = [...(unchanged > 0 ? [`${unchanged} unchanged`] : []), ...groups.map(groupText)];
  const head = plural(total, 'resource', 'resources');
  return { groups, summary: parts.length === 0 ? `${head}: nothing to change` : `${head}: ${parts.join(', ')}` };
}
