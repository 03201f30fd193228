// One line saying what a saved design version changed against the one before, for the designer's
// History list: "kind Memcached → Cachet; field spec.replicaLabel added; spec.size changed".
// Fields are compared by their path in each CRD version (items as `[]`, map values as `{}`);
// everything else by the section it sits in. Pure: tested without a database.
import type { FieldNode } from '@opstudio/shared/design/field';
import type { Design } from '@opstudio/shared/design/schema';

const MAX_PARTS = 4;

/** Every field of every CRD version, by `<version>:<path>`, with its own keywords (children left out). */
function flattenFields(design: Design): Map<string, string> {
  const out = new Map<string, string>();
  const multi = design.crd.versions.length > 1;
  const walk = (node: FieldNode, version: string, path: string) => {
    const { fields, items, additionalProperties, ...own } = node;
    if (path !== '')
      out.set(
        `${version}:${path}`,
        JSON.stringify({
          ...own,
          additionalProperties: typeof additionalProperties === 'boolean' ? additionalProperties : undefined,
        }),
      );
    for (const f of fields ?? []) {
      const { name, ...rest } = f;
      walk(rest, version, path === '' ? name : `${path}.${name}`);
    }
    if (items !== undefined) walk(items, version, `${path}[]`);
    if (additionalProperties !== undefined && typeof additionalProperties !== 'boolean')
      walk(additionalProperties, version, `${path}{}`);
  };
  for (const v of design.crd.versions) if (v.schema !== undefined) walk(v.schema, multi ? v.name : '', '');
  return out;
}

const label = (key: string) => (key.startsWith(':') ? key.slice(1) : key.replace(':', ' '));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function listed(what: string, keys: readonly string[]): string {
  const shown = keys.slice(0, 2).map(label).join(', ');
  return `${keys.length === 1 ? 'field' : 'fields'} ${shown}${keys.length > 2 ? ` and ${keys.length - 2} more` : ''} ${what}`;
}

/** What `next` changed against `prev` (null: the first version). */
export function summarizeDesignChange(prev: Design | null, next: Design): string {
  const fields = flattenFields(next);
  if (prev === null)
    return `created: ${next.crd.names.kind} (${next.crd.group}), ${fields.size} field${fields.size === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (prev.crd.names.kind !== next.crd.names.kind) parts.push(`kind ${prev.crd.names.kind} → ${next.crd.names.kind}`);
  if (prev.crd.group !== next.crd.group) parts.push(`group ${prev.crd.group} → ${next.crd.group}`);
  const { kind: _k, ...prevNames } = prev.crd.names;
  const { kind: _n, ...nextNames } = next.crd.names;
  if (!same(prevNames, nextNames)) parts.push('names changed');
  if (prev.crd.scope !== next.crd.scope) parts.push(`scope ${prev.crd.scope} → ${next.crd.scope}`);
  const versionNames = (d: Design) => d.crd.versions.map((v) => v.name).join(', ');
  if (versionNames(prev) !== versionNames(next)) parts.push(`versions ${versionNames(prev)} → ${versionNames(next)}`);

  const before = flattenFields(prev);
  const added = [...fields.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !fields.has(k));
  const changed = [...fields.keys()].filter((k) => before.has(k) && before.get(k) !== fields.get(k));
  if (added.length > 0) parts.push(listed('added', added));
  if (removed.length > 0) parts.push(listed('removed', removed));
  if (changed.length > 0) parts.push(listed('changed', changed));

  // the rest of each version (printer columns, subresources, served/storage…) and the other sections
  const versionsRest = (d: Design) => d.crd.versions.map(({ schema: _s, ...rest }) => rest);
  if (versionNames(prev) === versionNames(next) && !same(versionsRest(prev), versionsRest(next)))
    parts.push('version settings changed');
  if (!same(prev.operand, next.operand))
    parts.push(
      next.operand === undefined ? 'operand removed' : prev.operand === undefined ? 'operand added' : 'operand changed',
    );
  if (!same(prev.project, next.project)) parts.push('project changed');
  const crdRest = (d: Design) => ({
    labels: d.crd.labels,
    annotations: d.crd.annotations,
    extra: d.crd.extra,
    controllerGenVersion: d.crd.controllerGenVersion,
  });
  if (!same(crdRest(prev), crdRest(next))) parts.push('CRD metadata changed');

  if (parts.length === 0) return 'no change in the design (formatting only)';
  return parts.length > MAX_PARTS
    ? `${parts.slice(0, MAX_PARTS).join('; ')}; ${parts.length - MAX_PARTS} more changes`
    : parts.join('; ');
}
