/**
 * A sample custom resource for a design (kubebuilder's config/samples/<group>_<version>_<kind>.yaml):
 * the storage version's spec with every default and example filled in, required fields given
 * the smallest value their constraints allow, and the operand's replica and port fields set.
 */
import type { FieldNode, NamedField, SchemaValue } from '../design/field';
import { fullGroup, resolveNames } from '../design/names';
import { QUANTITY_PATTERN } from '../design/kinds';
import type { Design, VersionDesign } from '../design/schema';
import { emitYaml } from '../yaml/emit';

type Obj = { [key: string]: SchemaValue };

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

// A value of each format the API server checks, so a required field's sample passes it.
const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z',
  datetime: '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  duration: '1h',
  byte: '',
  email: 'user@example.com',
  hostname: 'example.com',
  uri: 'https://example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  cidr: '192.0.2.0/24',
  mac: '00:00:5e:00:53:01',
  uuid: '00000000-0000-4000-8000-000000000000',
};
// Tried in turn against a field's pattern; the first that fits its lengths and pattern wins.
const STRING_CANDIDATES = [
  ...['example', 'example-1', 'a', '1', 'example.com', 'Example', 'EXAMPLE', 'a1', 'x', 'v1', 'A1', '1Mi'],
  ...['https://example.com', 'user@example.com', '192.0.2.1', '00000000-0000-4000-8000-000000000000'],
];

function sampleString(n: FieldNode): string {
  const format = n.format !== undefined ? FORMAT_SAMPLES[n.format] : undefined;
  if (format !== undefined) return format;
  const min = n.minLength ?? 0;
  const fits = (s: string): boolean =>
    s.length >= min && (n.maxLength === undefined || s.length <= n.maxLength) && matches(n.pattern, s);
  for (const c of STRING_CANDIDATES) {
    const padded = c.length < min ? c.padEnd(min, c.slice(-1)) : c;
    if (fits(padded)) return padded;
  }
  const fallback = 'example'.padEnd(min, 'x');
  return n.maxLength !== undefined ? fallback.slice(0, n.maxLength) : fallback;
}

function matches(pattern: string | undefined, s: string): boolean {
  if (pattern === undefined) return true;
  try {
    return new RegExp(pattern, 'u').test(s);
  } catch {
    return true; // an invalid pattern is reported by validation, not here
  }
}

/**
 * A quantity as people write one: CPU in millicores, anything else (storage, memory, sizes) in
 * binary units. `storage: 1` is valid but reads as one byte.
 */
function sampleQuantity(path: string): string {
  const name = path.slice(path.lastIndexOf('.') + 1);
  return /cpu/i.test(name) ? '500m' : '1Gi';
}

/** A value for a field that has to be present; undefined when it is best left out. */
function sampleValue(n: FieldNode, wanted: ReadonlyMap<string, number>, path: string): SchemaValue | undefined {
  // the field's own default wins over the operand's preferred value (a design's replicas default of 2 stays 2)
  if (n.default !== undefined) return n.default;
  const forced = wanted.get(path);
  if (forced !== undefined && (n.type === 'integer' || n.type === 'number' || n.intOrString))
    return clampNumber({ ...n, type: 'integer' }, forced);
  if (n.example !== undefined) return n.example;
  if (n.enum && n.enum.length > 0) return n.enum[0];
  if (n.preset === 'conditions') return undefined;
  if (n.intOrString && n.pattern === QUANTITY_PATTERN) return sampleQuantity(path);
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
