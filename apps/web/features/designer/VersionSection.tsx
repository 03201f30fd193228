'use client';
// One version of the CRD at a time: its name ("Version"), served/storage/deprecation, the
// status and scale subresources, printer columns and selectable fields. Versions can be added
// (a copy of the storage version, not stored) and removed while more than one is left.
import {
  PRINTER_COLUMN_TYPES,
  type Design,
  type PrinterColumn,
  type VersionDesign,
} from '@opstudio/shared/design/schema';
import type { Edit } from './edit';
import {
  CheckboxInput,
  NumberInput,
  SelectInput,
  TextInput,
  compact,
  listText,
  normalizeList,
  parseList,
} from './form-bits';
import styles from './designer.module.css';

interface Props {
  readonly design: Design;
  readonly edit: Edit;
  readonly selected: number;
  readonly onSelect: (index: number) => void;
}

export function VersionSection({ design, edit, selected, onSelect }: Props) {
  const versions = design.crd.versions;
  const version = versions[selected] ?? versions[0]!;
  const at = `versions[${version.name}]`;
  const setVersion = (fn: (v: VersionDesign) => VersionDesign, group: string | null) =>
    edit(
      (d) => ({
        ...d,
        crd: { ...d.crd, versions: d.crd.versions.map((v, i) => (i === selected ? compact(fn(v)) : v)) },
      }),
      group === null ? null : `${group}@${selected}`,
    );
  const setStorage = (on: boolean) =>
    edit(
      (d) => ({
        ...d,
        crd: {
          ...d.crd,
          versions: d.crd.versions.map((v, i) => ({ ...v, storage: i === selected ? on : on ? false : v.storage })),
        },
      }),
      null,
    );
  // a copy of the storage version: the fields every object has today, ready to change (docs/design/0053)
  const storage = versions.find((v) => v.storage) ?? version;
  const addVersion = () => {
    const taken = new Set(versions.map((v) => v.name));
    let name = 'v1';
    for (let n = 2; taken.has(name); n++) name = `v${n}`;
    edit(
      (d) => ({
        ...d,
        crd: { ...d.crd, versions: [...d.crd.versions, { ...structuredClone(storage), name, storage: false }] },
      }),
      null,
    );
    onSelect(versions.length);
  };
  const removeVersion = () => {
    edit((d) => ({ ...d, crd: { ...d.crd, versions: d.crd.versions.filter((_, i) => i !== selected) } }), null);
    onSelect(0);
  };
  const sub = version.subresources;
  const columns = version.printerColumns ?? [];
  const setColumn = (i: number, patch: Partial<PrinterColumn>, key: string) =>
    setVersion(
      (v) => ({
        ...v,
        printerColumns: (v.printerColumns ?? []).map((c, j) => (j === i ? compact({ ...c, ...patch }) : c)),
      }),
      `column${i}.${key}`,
    );
  return (
    <section className={styles.section}>
      <h2 id="versions-h">Versions</h2>
      {/* a tablist holds tabs only (axe: aria-required-children): "Add version" sits beside it */}
      <div className={styles.tabs}>
        <div className={styles.tabList} role="tablist" aria-labelledby="versions-h">
          {versions.map((v, i) => (
            <button key={i} type="button" role="tab" aria-selected={i === selected} onClick={() => onSelect(i)}>
              {v.name || '(unnamed)'}
              {v.storage ? ' · storage' : ''}
            </button>
          ))}
        </div>
        <button type="button" onClick={addVersion}>
          Add version
        </button>
      </div>
      <div className={styles.row3}>
        <TextInput
          label="Version"
          issuePath={`${at}.name`}
          value={version.name}
          onChange={(name) => setVersion((v) => ({ ...v, name }), 'name')}
        />
        <CheckboxInput
          label="Served"
          issuePath={`${at}.served`}
          checked={version.served}
          onChange={(served) => setVersion((v) => ({ ...v, served }), null)}
        />
        <CheckboxInput label="Storage" issuePath={`${at}.storage`} checked={version.storage} onChange={setStorage} />
      </div>
      <div className={styles.row3}>
        <CheckboxInput
          label="Deprecated"
          checked={version.deprecated === true}
          onChange={(on) =>
            setVersion(
              (v) => ({
                ...v,
                deprecated: on ? true : undefined,
                deprecationWarning: on ? v.deprecationWarning : undefined,
              }),
              null,
            )
          }
        />
        {version.deprecated ? (
          <TextInput
            label="Deprecation warning"
            issuePath={`${at}.deprecationWarning`}
            value={version.deprecationWarning ?? ''}
            onChange={(w) => setVersion((v) => ({ ...v, deprecationWarning: w === '' ? undefined : w }), 'warning')}
          />
        ) : null}
        {versions.length > 1 ? (
          <button type="button" className={styles.subtle} onClick={removeVersion}>
            Remove this version
          </button>
        ) : null}
      </div>
      <h3>Subresources</h3>
      <div className={styles.row3}>
        <CheckboxInput
          label="Status subresource"
          issuePath={`${at}.subresources.status`}
          checked={sub?.status === true}
          onChange={(on) =>
            setVersion(
              (v) => ({ ...v, subresources: compact({ ...v.subresources, status: on ? true : undefined }) }),
              null,
            )
          }
        />
        <CheckboxInput
          label="Scale subresource"
          checked={sub?.scale !== undefined}
          onChange={(on) =>
            setVersion(
              (v) => ({
                ...v,
                subresources: compact({
                  ...v.subresources,
                  scale: on
                    ? { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' }
                    : undefined,
                }),
              }),
              null,
            )
          }
        />
      </div>
      {sub?.scale ? (
        <div className={styles.row3}>
          <TextInput
            label="Spec replicas path"
            issuePath={`${at}.subresources.scale.specReplicasPath`}
            value={sub.scale.specReplicasPath}
            onChange={(p) =>
              setVersion(
                (v) => ({
                  ...v,
                  subresources: { ...v.subresources, scale: { ...v.subresources!.scale!, specReplicasPath: p } },
                }),
                'specReplicas',
              )
            }
          />
          <TextInput
            label="Status replicas path"
            issuePath={`${at}.subresources.scale.statusReplicasPath`}
            value={sub.scale.statusReplicasPath}
            onChange={(p) =>
              setVersion(
                (v) => ({
                  ...v,
                  subresources: { ...v.subresources, scale: { ...v.subresources!.scale!, statusReplicasPath: p } },
                }),
                'statusReplicas',
              )
            }
          />
          <TextInput
            label="Label selector path"
            issuePath={`${at}.subresources.scale.labelSelectorPath`}
            value={sub.scale.labelSelectorPath ?? ''}
            onChange={(p) =>
              setVersion(
                (v) => ({
                  ...v,
                  subresources: {
                    ...v.subresources,
                    scale: compact({ ...v.subresources!.scale!, labelSelectorPath: p === '' ? undefined : p }),
                  },
                }),
                'selector',
              )
            }
          />
        </div>
      ) : null}
      <h3>Printer columns</h3>
      {columns.map((c, i) => (
        <fieldset key={i} className={styles.column} aria-label={`Printer column ${i + 1}`}>
          <TextInput
            label="Column name"
            issuePath={`${at}.printerColumns[${i}].name`}
            value={c.name}
            onChange={(name) => setColumn(i, { name }, 'name')}
          />
          <SelectInput
            label="Column type"
            issuePath={`${at}.printerColumns[${i}].type`}
            value={c.type}
            options={PRINTER_COLUMN_TYPES}
            onChange={(type) => setColumn(i, { type: type === '' ? 'string' : type }, 'type')}
          />
          <TextInput
            label="JSON path"
            issuePath={`${at}.printerColumns[${i}].jsonPath`}
            value={c.jsonPath}
            onChange={(jsonPath) => setColumn(i, { jsonPath }, 'jsonPath')}
          />
          <TextInput
            label="Column description"
            value={c.description ?? ''}
            onChange={(d) => setColumn(i, { description: d === '' ? undefined : d }, 'description')}
          />
          <NumberInput
            label="Priority"
            integer
            value={c.priority}
            onChange={(priority) => setColumn(i, { priority }, 'priority')}
          />
          <button
            type="button"
            className={styles.subtle}
            onClick={() =>
              setVersion((v) => ({ ...v, printerColumns: (v.printerColumns ?? []).filter((_, j) => j !== i) }), null)
            }
          >
            Remove column
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() =>
          setVersion(
            (v) => ({
              ...v,
              printerColumns: [
                ...(v.printerColumns ?? []),
                { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
              ],
            }),
            null,
          )
        }
      >
        Add printer column
      </button>
      <TextInput
        label="Selectable fields"
        issuePath={`${at}.selectableFields`}
        value={listText(version.selectableFields)}
        normalize={normalizeList}
        placeholder=".spec.color"
        onChange={(t) => setVersion((v) => ({ ...v, selectableFields: parseList(t) }), 'selectable')}
      />
    </section>
  );
}
