// kro's ResourceGraphDefinition as a design (docs/design/0056): the reverse of to-rgd.ts, so
// that RGD → design → RGD gives the same document. What kro has and the studio lacks is refused at
// its RGD path (`spec.resources[2].readyWhen[0]`); the design is then checked as any design is.
import { z } from 'zod';
import type { JSONValue } from '../crd/types';
import { zodIssues, type DesignError } from '../design/errors';
import type { NamedField } from '../design/field';
import { DESIGN, DESIGN_API_VERSION, DESIGN_KIND, type Design } from '../design/schema';
import { DNS1123_LABEL } from '../kube/names';
import { parseYaml } from '../yaml/parse';
import { freeIdentifiers, renameIdentifiers, renameInString, renameInValue, wholeExpression } from './cel-names';
import {
  KRO_DEFAULT_GROUP,
  KRO_EACH,
  KRO_SELF,
  RGD_API_VERSION,
  RGD_KIND,
  STUDIO_SELF,
  defaultChildName,
  isMap,
} from './names';
import { Problems, type KroProblem } from './problems';
import { SchemaReader } from './schema-in';
import { statusFieldType } from './status-types';

export type FromRgdResult =
  { ok: true; design: Design; notes: KroProblem[] } | { ok: false; refused: KroProblem[]; errors: DesignError[] };

const ANY = z.custom<JSONValue>(() => true);
const RESOURCE = z.strictObject({
  id: z.string().min(1),
  template: z.record(z.string(), ANY).optional(),
  externalRef: z
    .strictObject({ apiVersion: z.string(), kind: z.string(), metadata: z.record(z.string(), ANY) })
    .optional(),
  includeWhen: z.array(z.string()).optional(),
  readyWhen: z.array(z.string()).optional(),
  forEach: z.array(z.record(z.string(), z.string())).optional(),
});
const RGD = z.strictObject({
  apiVersion: z.literal(RGD_API_VERSION),
  kind: z.literal(RGD_KIND),
  metadata: z.object({ name: z.string().min(1) }),
  spec: z.strictObject({
    schema: z.strictObject({
      apiVersion: z.string().min(1),
      kind: z.string().min(1),
      group: z.string().optional(),
      scope: z.enum(['Namespaced', 'Cluster']).optional(),
      spec: z.record(z.string(), ANY).optional(),
      types: z.record(z.string(), ANY).optional(),
      status: z.record(z.string(), ANY).optional(),
      additionalPrinterColumns: z.array(z.record(z.string(), ANY)).optional(),
      shortNames: z.array(z.string()).optional(),
      categories: z.array(z.string()).optional(),
      metadata: z
        .strictObject({
          labels: z.record(z.string(), z.string()).optional(),
          annotations: z.record(z.string(), z.string()).optional(),
        })
        .optional(),
    }),
    resources: z.array(RESOURCE).optional(),
  }),
});
type Resource = z.infer<typeof RESOURCE>;

const TO_STUDIO = { [KRO_SELF]: STUDIO_SELF };

export function rgdToDesign(text: string): FromRgdResult {
  const parsed = parseYaml(text);
  if (!parsed.ok) return { ok: false, refused: [], errors: [{ path: '', message: parsed.message }] };
  const rgd = RGD.safeParse(parsed.value);
  if (!rgd.success) {
    // a key kro's RGD has and this reader does not know is a construct the studio lacks: name it
    const refused = rgd.error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys'
        ? i.keys.map((k) => ({
            path: rgdPath([...i.path, k]),
            construct: k,
            message: 'the studio has no equivalent of this RGD field',
          }))
        : [],
    );
    return { ok: false, refused, errors: refused.length > 0 ? [] : zodIssues(rgd.error.issues, parsed.value) };
  }
  const p = new Problems();
  const { schema, resources = [] } = rgd.data.spec;
  const group = schema.group ?? KRO_DEFAULT_GROUP;
  const dot = group.indexOf('.');
  const projectName = DNS1123_LABEL.test(rgd.data.metadata.name)
    ? rgd.data.metadata.name
    : `${schema.kind.toLowerCase()}-operator`;
  const reader = new SchemaReader(schema.types ?? {}, p);
  const specFields = reader.fields(schema.spec ?? {}, 'spec.schema.spec');
  const statusFields = statusSchema(schema.status ?? {}, 'spec.schema.status', p);
  const operand = graph(resources, schema.status ?? {}, specFields, p);
  if (p.refused.length > 0) return { ok: false, refused: p.refused, errors: [] };
  const candidate = {
    apiVersion: DESIGN_API_VERSION,
    kind: DESIGN_KIND,
    project: {
      domain: dot === -1 ? '' : group.slice(dot + 1),
      repo: `github.com/example/${projectName}`,
      projectName,
    },
    crd: {
      group: dot === -1 ? group : group.slice(0, dot),
      names: {
        kind: schema.kind,
        ...(schema.shortNames !== undefined ? { shortNames: schema.shortNames } : {}),
        ...(schema.categories !== undefined ? { categories: schema.categories } : {}),
      },
      scope: schema.scope ?? 'Namespaced',
      ...(schema.metadata?.labels !== undefined ? { labels: schema.metadata.labels } : {}),
      ...(schema.metadata?.annotations !== undefined ? { annotations: schema.metadata.annotations } : {}),
      versions: [
        {
          name: schema.apiVersion,
          served: true,
          storage: true,
          subresources: { status: true },
          ...(schema.additionalPrinterColumns !== undefined ? { printerColumns: schema.additionalPrinterColumns } : {}),
          schema: {
            type: 'object',
            fields: [
              { name: 'spec', required: true, type: 'object', fields: specFields },
              { name: 'status', type: 'object', fields: statusFields },
            ],
          },
        },
      ],
    },
    operand,
  };
  const design = DESIGN.safeParse(candidate);
  if (!design.success) return { ok: false, refused: [], errors: zodIssues(design.error.issues, candidate) };
  p.note('project.repo', 'Go module', `an RGD has none: ${candidate.project.repo} stands in until you set it`);
  return { ok: true, design: design.data, notes: p.notes };
}

/** The status schema: the studio's conditions and observedGeneration, then each bound field, typed from its expression. */
function statusSchema(status: Record<string, JSONValue>, path: string, p: Problems): NamedField[] {
  const bound = (s: Record<string, JSONValue>, at: string): NamedField[] =>
    Object.entries(s).map(([name, v]): NamedField => {
      if (isMap(v)) return { name, type: 'object', fields: bound(v, `${at}.${name}`) };
      const expr = typeof v === 'string' ? wholeExpression(v) : undefined;
      if (typeof v === 'string' && expr === undefined) return { name, type: 'string' };
      if (expr === undefined) {
        p.refuse(
          `${at}.${name}`,
          'status value',
          'a status field is an expression, such as ${deployment.status.readyReplicas}',
        );
        return { name, type: 'string' };
      }
      return { name, ...statusFieldType(expr) };
    });
  return [
    { name: 'conditions', preset: 'conditions' },
    { name: 'observedGeneration', type: 'integer', format: 'int64' },
    ...bound(status, path),
  ];
}

function flatten(status: Record<string, JSONValue>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(status)) {
    if (isMap(v)) Object.assign(out, flatten(v, `${prefix}${k}.`));
    else if (typeof v === 'string') out[`${prefix}${k}`] = renameInString(v, TO_STUDIO);
  }
  return out;
}

function graph(
  resources: readonly Resource[],
  status: Record<string, JSONValue>,
  spec: readonly NamedField[],
  p: Problems,
): Design['operand'] {
  const externalRefs: JSONValue[] = [];
  const children: JSONValue[] = [];
  resources.forEach((r, i) => {
    const path = `spec.resources[${i}]`;
    if ((r.template === undefined) === (r.externalRef === undefined)) {
      p.refuse(path, 'resource', 'a resource has a template or an externalRef, one of them');
      return;
    }
    const exprs = [
      ...(r.includeWhen ?? []),
      ...(r.readyWhen ?? []),
      ...(r.forEach ?? []).flatMap((it) => Object.values(it)),
    ];
    if (exprs.some((e) => [...freeIdentifiers(e)].includes(STUDIO_SELF)))
      p.refuse(path, 'self', "the studio's expressions bind self to the custom resource: kro's never read it");
    if (r.externalRef !== undefined) {
      for (const k of ['includeWhen', 'readyWhen', 'forEach'] as const)
        if (r[k] !== undefined)
          p.refuse(`${path}.${k}`, `${k} on an externalRef`, 'the studio reads an external object as it is');
      externalRefs.push({ id: r.id, ...(renameInValue(r.externalRef, TO_STUDIO) as object) });
      return;
    }
    children.push(child(r, path, spec, p));
  });
  const bindings = flatten(status);
  return {
    ...(externalRefs.length > 0 ? { externalRefs } : {}),
    resources: children,
    ...(Object.keys(bindings).length > 0 ? { status: bindings } : {}),
  } as Design['operand'];
}

/** `[${a}, ${b}]` as `a && b` (one as itself); an entry that is not one whole `${…}` is refused. */
function conjunction(list: readonly string[], path: string, names: Record<string, string>, p: Problems): string {
  const exprs = list.map((s, i) => {
    const e = wholeExpression(s);
    if (e === undefined) p.refuse(`${path}[${i}]`, 'condition', 'each entry is one whole ${…} giving true or false');
    return renameIdentifiers(e ?? 'false', names);
  });
  return exprs.length === 1 ? exprs[0]! : exprs.map((e) => `(${e})`).join(' && ');
}

function child(r: Resource, path: string, spec: readonly NamedField[], p: Problems): JSONValue {
  const forEach = r.forEach?.map((it) => renameInValue(it, TO_STUDIO) as Record<string, string>);
  const template = renameInValue(unnamed(r.template!, defaultChildName(r.id, forEach, spec)), TO_STUDIO);
  const out: Record<string, JSONValue> = { id: r.id, template };
  if (r.includeWhen !== undefined) out.includeWhen = conjunction(r.includeWhen, `${path}.includeWhen`, TO_STUDIO, p);
  if (r.readyWhen !== undefined) {
    const names = r.forEach !== undefined ? { ...TO_STUDIO, [KRO_EACH]: r.id } : TO_STUDIO;
    out.readyWhen = conjunction(r.readyWhen, `${path}.readyWhen`, names, p);
  }
  if (forEach !== undefined) out.forEach = forEach;
  return out;
}

/** The template without the name the studio would give the child anyway. */
function unnamed(t: Record<string, JSONValue>, byDefault: string | undefined): JSONValue {
  const meta = t.metadata;
  if (!isMap(meta) || byDefault === undefined || meta.name !== byDefault) return t;
  const { name: _name, ...rest } = meta;
  const out: Record<string, JSONValue> = {};
  for (const [k, v] of Object.entries(t))
    if (k !== 'metadata' || Object.keys(rest).length > 0) out[k] = k === 'metadata' ? rest : v;
  return out;
}

/** `['spec', 'resources', 0, 'weight']` → `spec.resources[0].weight` */
const rgdPath = (path: readonly PropertyKey[]): string =>
  path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`)).join('');
