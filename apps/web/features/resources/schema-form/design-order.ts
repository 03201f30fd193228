// The order a kind's fields were designed in. controller-gen (and the studio's CRD writer) list
// openAPIV3Schema properties by name; the design keeps each object's `fields` in the order they
// were written, so a kind installed from a design shows its form in that order. Read loosely
// from the design's YAML: whatever does not have the expected shape just gives no order.
import { parseYaml } from '@opstudio/shared/yaml/index';

/** The part of a design field node that carries order (a design `FieldNode` fits it). */
export interface FieldOrder {
  readonly fields?: readonly ({ readonly name: string } & FieldOrder)[] | undefined;
  readonly items?: FieldOrder | undefined;
  readonly additionalProperties?: FieldOrder | boolean | undefined;
}

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A design node's order, keeping only well-formed parts. */
function orderOf(node: unknown): FieldOrder | undefined {
  const n = asRecord(node);
  if (n === undefined) return undefined;
  const fields = Array.isArray(n.fields)
    ? n.fields.flatMap((f) => {
        const name = asRecord(f)?.name;
        return typeof name === 'string' ? [{ ...orderOf(f), name }] : [];
      })
    : undefined;
  const extra = n.additionalProperties;
  return {
    fields,
    items: orderOf(n.items),
    additionalProperties: typeof extra === 'boolean' ? extra : orderOf(extra),
  };
}

/**
 * The order of the `spec` fields of a design's version `version` (the storage version when
 * that name is missing or null), from the design's YAML; undefined when there is none.
 */
export function designSpecOrder(designYaml: string, version: string | null): FieldOrder | undefined {
  const parsed = parseYaml(designYaml);
  if (!parsed.ok) return undefined;
  const versions = asRecord(asRecord(parsed.value)?.crd)?.versions;
  if (!Array.isArray(versions)) return undefined;
  const all = versions.map(asRecord);
  const chosen = all.find((v) => v?.name === version) ?? all.find((v) => v?.storage === true);
  const fields = asRecord(chosen?.schema)?.fields;
  if (!Array.isArray(fields)) return undefined;
  return orderOf(fields.find((f) => asRecord(f)?.name === 'spec'));
}
