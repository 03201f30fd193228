/**
 * A sample custom resource for a design (kubebuilder's config/samples/<group>_<version>_<kind>.yaml):
 * the storage version's spec with every default and example filled in, required fields given
 * the smallest value their constraints allow, and the operand's replica and port fields set.
 */
import type { FieldNode, JsonValue, NamedField } from '../design/field';
import { fullGroup, resolveNames } from '../design/names';
import type { Design, VersionDesign } from '../design/schema';
import { emitYaml } from '../yaml/emit';

type Obj = { [key: string]: JsonValue };

export function storageVersion(design: Design): VersionDesign {
  const versions = design.crd.versions;
  return versions.find((v) => v.storage) ?? versions[0]!;
}

function clampNumber(n: FieldNode, preferred: number): number {
  let v = preferred;
  if (n.minimum !== undefined && (v < n.minimum || (n.exclusiveMinimum && v <= n.minimum)))
    v = n.exclusiveMinimum ? n.minimum + 1 : n.minimum;
  if (n.maximum !== undefined && (v > n.maximum || (n.exclusiveMaximum && v >= n.maximum)))
    v = n.exclusiveMaximum ? n.maximum - 1 : n.maximum;
  if (n.type === 'integer') v = Math.ceil(v);
  return v;
}

function sampleString(n: FieldNode): string {
  if (n.format === 'date-time') return '2025-01-01T00:00:00Z';
  if (n.format === 'byte') return '';
  const min = n.minLength ?? 0;
  let s = min > 0 ? 'example'.padEnd(min, 'x') : '';
  if (n.maxLength !== undefined) s = s.slice(0, n.maxLength);
  return s;
}

/** A value for a field that has to be present; undefined when it is best left out. */
function sampleValue(n: FieldNode, wanted: ReadonlyMap<string, number>, path: string): JsonValue | undefined {
  const forced = wanted.get(path);
  if (forced !== undefined && (n.type === 'integer' || n.type === 'number' || n.intOrString))
    return clampNumber({ ...n, type: 'integer' }, forced);
  if (n.default !== undefined) return n.default;
  if (n.example !== undefined) return n.example;
  if (n.enum && n.enum.length > 0) return n.enum[0];
  if (n.preset === 'conditions') return undefined;
  if (n.intOrString) return clampNumber({ ...n, type: 'integer' }, 1);
  switch (n.type) {
    case 'string':
      return sampleString(n);
    case 'integer':
    case 'number':
      return clampNumber(n, n.type === 'integer' ? 1 : 0);
    case 'boolean':
      return false;
    case 'array': {
      const count = n.minItems ?? 0;
      const item = n.items ? sampleValue(n.items, wanted, `${path}[]`) : undefined;
      return item === undefined ? [] : Array.from({ length: count }, () => item);
    }
    case 'object':
      return n.fields ? sampleObject(n.fields, wanted, path) : {};
    default:
      return undefined;
  }
}

/** Required fields, fields with a default or example, and fields the operand reads. */
function sampleObject(fields: readonly NamedField[], wanted: ReadonlyMap<string, number>, path: string): Obj {
  const out: Obj = {};
  for (const f of fields) {
    const p = `${path}.${f.name}`;
    const interesting =
      f.required ||
      f.default !== undefined ||
      f.example !== undefined ||
      wanted.has(p) ||
      [...wanted.keys()].some((w) => w.startsWith(`${p}.`));
    if (!interesting) continue;
    const v = sampleValue(f, wanted, p);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** The sample CR as an object. */
export function sampleResource(design: Design): Obj {
  const version = storageVersion(design);
  const names = resolveNames(design.crd.names);
  const wanted = new Map<string, number>();
  if (design.operand?.replicasField) wanted.set(design.operand.replicasField, 1);
  if (design.operand?.portField) wanted.set(design.operand.portField, 8080);
  const spec = version.schema?.fields?.find((f) => f.name === 'spec');
  const out: Obj = {
    apiVersion: `${fullGroup(design)}/${version.name}`,
    kind: names.kind,
    metadata: {
      labels: { 'app.kubernetes.io/name': design.project.projectName, 'app.kubernetes.io/managed-by': 'kustomize' },
      name: `${names.singular}-sample`,
    },
  };
  if (spec) out.spec = spec.fields ? sampleObject(spec.fields, wanted, 'spec') : {};
  return out;
}

/** The sample CR as YAML (kubebuilder's key order: apiVersion, kind, metadata, spec). */
export function generateSample(design: Design): string {
  return emitYaml(sampleResource(design), { keepKeyOrder: true });
}
