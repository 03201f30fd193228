'use client';
// Project and CRD metadata: domain, Go module, project name, group, kind and the other names,
// scope. Labels avoid the words of the contract's other inputs ("Kind", "Group", "Version"),
// so each of those names exactly one textbox.
import type { Design } from '@opstudio/shared/design/schema';
import { SCOPES } from '@opstudio/shared/design/schema';
import type { Edit } from './edit';
import { SelectInput, TextInput, compact, listText, normalizeList, parseList } from './form-bits';
import styles from './designer.module.css';

export function MetadataSection({ design, edit }: { readonly design: Design; readonly edit: Edit }) {
  const { project, crd } = design;
  const setProject = (patch: Partial<Design['project']>, group: string) =>
    edit((d) => ({ ...d, project: { ...d.project, ...patch } }), group);
  const setCrd = (patch: Partial<Design['crd']>, group: string) =>
    edit((d) => ({ ...d, crd: compact({ ...d.crd, ...patch }) }), group);
  const setNames = (patch: Partial<Design['crd']['names']>, group: string) =>
    edit((d) => ({ ...d, crd: { ...d.crd, names: compact({ ...d.crd.names, ...patch }) } }), group);
  const optional = (v: string) => (v === '' ? undefined : v);
  return (
    <section aria-labelledby="metadata-h" className={styles.section}>
      <h2 id="metadata-h">Resource</h2>
      <div className={styles.row3}>
        <TextInput
          label="Group"
          issuePath="crd.group"
          value={crd.group}
          onChange={(v) => setCrd({ group: v }, 'group')}
          hint={`API group: ${crd.group}${project.domain ? `.${project.domain}` : ''}`}
        />
        <TextInput
          label="Kind"
          issuePath="crd.names.kind"
          value={crd.names.kind}
          onChange={(v) => setNames({ kind: v }, 'kind')}
        />
        <SelectInput
          label="Scope"
          issuePath="crd.scope"
          value={crd.scope}
          options={SCOPES}
          onChange={(v) => setCrd({ scope: v === '' ? 'Namespaced' : v }, 'scope')}
        />
      </div>
      <div className={styles.row3}>
        <TextInput
          label="Plural"
          issuePath="crd.names.plural"
          value={crd.names.plural ?? ''}
          placeholder="derived"
          onChange={(v) => setNames({ plural: optional(v) }, 'plural')}
        />
        <TextInput
          label="Singular"
          issuePath="crd.names.singular"
          value={crd.names.singular ?? ''}
          placeholder="derived"
          onChange={(v) => setNames({ singular: optional(v) }, 'singular')}
        />
        <TextInput
          label="List type name"
          issuePath="crd.names.listKind"
          value={crd.names.listKind ?? ''}
          placeholder="derived"
          onChange={(v) => setNames({ listKind: optional(v) }, 'listKind')}
        />
      </div>
      <div className={styles.row2}>
        <TextInput
          label="Short names"
          issuePath="crd.names.shortNames"
          value={listText(crd.names.shortNames)}
          normalize={normalizeList}
          placeholder="mc, mcd"
          onChange={(v) => setNames({ shortNames: parseList(v) }, 'shortNames')}
        />
        <TextInput
          label="Categories"
          issuePath="crd.names.categories"
          value={listText(crd.names.categories)}
          normalize={normalizeList}
          placeholder="all"
          onChange={(v) => setNames({ categories: parseList(v) }, 'categories')}
        />
      </div>
      <details className={styles.details}>
        <summary>Project</summary>
        <div className={styles.row3}>
          <TextInput
            label="Domain"
            issuePath="project.domain"
            value={project.domain}
            onChange={(v) => setProject({ domain: v }, 'domain')}
          />
          <TextInput
            label="Go module"
            issuePath="project.repo"
            value={project.repo}
            onChange={(v) => setProject({ repo: v }, 'repo')}
          />
          <TextInput
            label="Project name"
            issuePath="project.projectName"
            value={project.projectName}
            onChange={(v) => setProject({ projectName: v }, 'projectName')}
          />
        </div>
      </details>
    </section>
  );
}
