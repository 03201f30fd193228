'use client';
// What the embedded controller creates for each CR, in one of two forms: one Deployment of an
// image (image, command, and which spec/status fields give the replicas, the port and the pod
// names), or a list of resources (ResourcesSection). Without an operand the controller only
// manages status.
import type { Design, Operand } from '@opstudio/shared/design/schema';
import { starterChild } from '@opstudio/shared/graph/starters';
import type { Edit } from './edit';
import { NumberInput, TextInput, compact } from './form-bits';
import { operandForm, switchForm, type OperandForm } from './resources-edit';
import { ResourcesSection } from './ResourcesSection';
import styles from './designer.module.css';

const FORMS: readonly { form: OperandForm; label: string }[] = [
  { form: 'none', label: 'Nothing (status only)' },
  { form: 'image', label: 'One Deployment (image)' },
  { form: 'resources', label: 'Resources' },
];

export function OperandSection({ design, edit }: { readonly design: Design; readonly edit: Edit }) {
  const op = design.operand;
  const set = (patch: Partial<Operand>, group: string | null) =>
    edit(
      (d) => ({ ...d, operand: compact({ ...(d.operand ?? { image: '' }), ...patch }) }),
      group === null ? null : `operand.${group}`,
    );
  const opt = (v: string) => (v === '' ? undefined : v);
  return (
    <section className={styles.section} aria-label="Operand">
      <h2>Operand</h2>
      <div role="radiogroup" aria-label="What the controller creates" className={styles.check}>
        {FORMS.map(({ form, label }) => (
          <label key={form}>
            <input
              type="radio"
              name="operand-form"
              checked={operandForm(design) === form}
              onChange={() => edit((d) => switchForm(d, form, () => starterChild('apps/v1', 'Deployment', [])), null)}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {op !== undefined && operandForm(design) === 'resources' ? (
        <ResourcesSection design={design} edit={edit} />
      ) : null}
      {op !== undefined && operandForm(design) === 'image' ? (
        <>
          <div className={styles.row2}>
            <TextInput
              label="Image"
              issuePath="operand.image"
              value={op.image ?? ''}
              onChange={(image) => set({ image }, 'image')}
            />
            <TextInput
              label="Command"
              issuePath="operand.command"
              value={(op.command ?? []).join(' ')}
              normalize={(t) => t.split(/\s+/).filter(Boolean).join(' ')}
              hint="words separated by spaces"
              onChange={(v) =>
                set({ command: v.trim() === '' ? undefined : v.split(/\s+/).filter(Boolean) }, 'command')
              }
            />
          </div>
          <div className={styles.row2}>
            <TextInput
              label="Replicas from"
              issuePath="operand.replicasField"
              value={op.replicasField ?? ''}
              placeholder="spec.size"
              onChange={(v) => set({ replicasField: opt(v) }, 'replicas')}
            />
            <TextInput
              label="Port from"
              issuePath="operand.portField"
              value={op.portField ?? ''}
              placeholder="spec.containerPort"
              onChange={(v) => set({ portField: opt(v) }, 'port')}
            />
          </div>
          <div className={styles.row2}>
            <NumberInput
              label="Run as user"
              integer
              issuePath="operand.runAsUser"
              value={op.runAsUser}
              onChange={(runAsUser) => set({ runAsUser }, 'user')}
            />
            <TextInput
              label="Pod names into"
              issuePath="operand.podNamesStatusField"
              value={op.podNamesStatusField ?? ''}
              placeholder="status.nodes"
              onChange={(v) => set({ podNamesStatusField: opt(v) }, 'pods')}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
