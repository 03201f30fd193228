'use client';
// operand.namespaces (docs/design/0039): where a namespaced design's children may live besides
// the custom resource's own namespace. Fixed names, so the install can list them; a child whose
// namespace is none of these (nor one the graph creates) is refused at its path. A cluster-scoped
// kind needs none: its templates name any namespace.
import type { Design } from '@opstudio/shared/design/schema';
import { useContext, useMemo } from 'react';
import type { Edit } from './edit';
import { IssueText, IssuesContext, TextInput } from './form-bits';
import { listText, normalizeList, parseList } from './list-input';
import { setNamespaces } from './resources-edit';

const PATH = 'operand.namespaces';

export function NamespacesInput({ design, edit }: { readonly design: Design; readonly edit: Edit }) {
  const all = useContext(IssuesContext);
  // an entry's problem sits at operand.namespaces[i]: shown here, under the one input
  const entries = useMemo(
    () => [...all.entries()].filter(([path]) => path.startsWith(`${PATH}[`)).flatMap(([, issues]) => issues),
    [all],
  );
  const namespaces = design.operand?.namespaces;
  if (design.crd.scope === 'Cluster' && namespaces === undefined) return null;
  return (
    <div>
      <TextInput
        label="Other namespaces its children may live in (comma-separated)"
        issuePath={PATH}
        value={listText(namespaces)}
        normalize={normalizeList}
        placeholder="team-shared, monitoring"
        hint="besides the custom resource's own; the install lists them with the permissions"
        invalidWith={entries}
        onChange={(v) => edit((d) => setNamespaces(d, parseList(v)), PATH)}
      />
      <IssueText issues={entries} />
    </div>
  );
}
