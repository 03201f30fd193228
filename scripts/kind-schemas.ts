// Writes packages/shared/src/graph/kind-schemas.generated.json: the OpenAPI v3 schemas of the
// built-in kinds a design's children can be (graph/child-kinds.ts), as the sandbox's API server
// publishes them (/openapi/v3/<group-version>), with every component they reference and without
// descriptions. The designer type-checks child expressions against them offline, before any
// cluster answers. Regenerate when the sandbox's Kubernetes version changes:
//   node apps/controller/bin/opstudio.js sandbox up
//   node --import tsx scripts/kind-schemas.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { BUILTIN_CHILD_KINDS } from '@opstudio/shared/graph/child-kinds';
import { PINS } from '@opstudio/sandbox';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const OUT = 'packages/shared/src/graph/kind-schemas.generated.json';

function raw(path: string): { components: { schemas: Record<string, Json> } } {
  const text = execFileSync('node', ['apps/controller/bin/opstudio.js', 'kubectl', 'get', '--raw', path], {
    maxBuffer: 64 << 20,
  }).toString();
  return JSON.parse(text) as { components: { schemas: Record<string, Json> } };
}

function strip(v: Json): Json {
  if (Array.isArray(v)) return v.map(strip);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, Json> = {};
  for (const [k, x] of Object.entries(v)) if (k !== 'description') out[k] = strip(x);
  return out;
}

function refsOf(v: Json, out: Set<string>): void {
  if (Array.isArray(v)) v.forEach((x) => refsOf(x, out));
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.add(x.replace('#/components/schemas/', ''));
      else refsOf(x, out);
    }
}

const components: Record<string, Json> = {};
const kinds: Record<string, string> = {};
const byGroupVersion = new Map<string, (typeof BUILTIN_CHILD_KINDS)[number][]>();
for (const k of BUILTIN_CHILD_KINDS) {
  const gv = k.group === '' ? k.version : `${k.group}/${k.version}`;
  byGroupVersion.set(gv, [...(byGroupVersion.get(gv) ?? []), k]);
}
for (const [gv, list] of byGroupVersion) {
  const doc = raw(gv.includes('/') ? `/openapi/v3/apis/${gv}` : `/openapi/v3/api/${gv}`);
  const schemas = doc.components.schemas;
  for (const k of list) {
    const name = Object.keys(schemas).find((n) => {
      const gvks = (
        schemas[n] as { 'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string }[] }
      )['x-kubernetes-group-version-kind'];
      return gvks?.some((g) => g.group === k.group && g.version === k.version && g.kind === k.kind) ?? false;
    });
    if (name === undefined) throw new Error(`${gv} ${k.kind}: not in the API server's OpenAPI document`);
    kinds[`${gv}/${k.kind}`] = name;
    const todo = [name];
    while (todo.length > 0) {
      const n = todo.pop()!;
      if (n in components) continue;
      const s = schemas[n];
      if (s === undefined) throw new Error(`${n}: referenced but not defined`);
      components[n] = strip(s);
      const refs = new Set<string>();
      refsOf(components[n], refs);
      todo.push(...refs);
    }
  }
}
// ObjectMeta's strings carry no maxLength in the document, but the API server bounds them (names
// are DNS subdomains, namespaces labels, label values 63 characters): written in so that the
// cost estimator sizes `x.metadata.name` as it can be, not as any string in a 3 MiB request.
const meta = components['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'] as {
  properties: Record<string, Record<string, Json>>;
};
for (const [field, maxLength] of [
  ['name', 253],
  ['generateName', 253],
  ['namespace', 63],
  ['uid', 36],
] as const)
  meta.properties[field] = { ...meta.properties[field], maxLength };
meta.properties.labels = { ...meta.properties.labels, additionalProperties: { type: 'string', maxLength: 63 } };
const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(OUT, `${JSON.stringify({ kubernetes: PINS.kubernetes, kinds, components: sorted })}\n`);
console.log(`${OUT}: ${Object.keys(kinds).length} kinds, ${Object.keys(sorted).length} schemas`);
