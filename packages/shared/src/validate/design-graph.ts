// A design's resources form, checked before anything is installed: the graph's own rules
// (ids, CEL syntax, names, cycles, fields the planner owns), every `self.…` an expression reads
// against the CRD's schema, status bindings against the status schema, the CEL the export runs
// alike, and a plan of the sample (so an expression that fails on it is shown at its place).
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import type { Design } from '../design/schema';
import { designGraph } from '../design/operand-form';
import { analyzeGraph } from '../graph/dependencies';
import { namespaceIssues } from '../graph/child-namespace';
import { celEngine } from '../cel/engine';
import {
  childPath,
  collectExpressions,
  compileExpression,
  graphVariables,
  type ExpressionSite,
} from '../graph/expressions';
import { checkExpression, checkProblem, kindSchemaRef, selfSchema, type VarSchemas } from '../graph/expression-types';
import type { KubeObject } from '../graph/model';
import { plan } from '../graph/plan';
import { collectionLimit, isCollection, iteratorExpression, iteratorsOf } from '../graph/collections';
import { collectionSchema, elementSchema, notListType } from '../graph/collection-types';
import { resolvePath } from './design-refs';
import { designRenderedIssues, offlineChildChecks } from './design-rendered';
import { error, warning, type Issue } from './issue';
import { jsonText } from '../crd/json-text';

export function validateDesignGraph(design: Design, root: JSONSchemaProps | undefined, sample: KubeObject): Issue[] {
  const graph = designGraph(design);
  if (graph === undefined) return [];
  const at = (p: string): string => `operand.${p}`;
  const out: Issue[] = [...analyzeGraph(graph).issues, ...namespaceIssues(graph, design.crd.scope)].map((i) => ({
    ...i,
    path: at(i.path),
  }));
  const types = typeProblems(design, root);
  out.push(...types.issues.map((i) => ({ ...i, path: at(i.path) })));
  for (const field of Object.keys(graph.status ?? {})) {
    const r = resolvePath(root, `status.${field}`);
    if ('missing' in r)
      out.push(
        error(
          at(`status.${field}`),
          `status.${field} is not a field of the CRD's status: add it to the schema, or the API server drops the value`,
        ),
      );
  }
  out.push(...authorPickedSecrets(design));
  if ((graph.conditions ?? []).length > 0 && 'missing' in resolvePath(root, 'status.conditions'))
    out.push(
      error(
        'operand.conditions',
        "the design's conditions are written to status.conditions: add a conditions field to the status (the conditions preset)",
      ),
    );
  // an expression no estimate bounds, or one already refused (a type, a cost estimate over the
  // limit), is not run here, where checks must stay fast (the server's request, a keystroke, the
  // controller's first sight of a design): the warning says so, and the controller's limit stops
  // it when it runs
  if (types.unbounded || types.issues.some((i) => i.severity === 'error')) return out;
  // the children the preview renders (it runs every expression, each under the evaluation's cost
  // limit) against their kinds' schemas and name rules; a place already marked keeps its finding
  const rendered = designRenderedIssues(design, offlineChildChecks).filter(
    (r) => !out.some((o) => o.severity === 'error' && o.path === r.path),
  );
  if (out.some((i) => i.severity === 'error')) return [...out, ...rendered];
  // the sample as the controller would see it on first sight: what fails there fails in the cluster
  const meta = (sample.metadata ?? {}) as KubeObject;
  const where: KubeObject = design.crd.scope === 'Cluster' ? {} : { namespace: 'default' };
  const cr = { ...sample, metadata: { ...where, uid: 'sample', ...meta } };
  for (const e of plan(graph, cr, new Map()).errors)
    if (!rendered.some((r) => r.path === at(e.path)))
      out.push(warning(at(e.path), `with the sample custom resource: ${e.message}`));
  return [...out, ...rendered];
}

/** A site and the schema of what it fills, where that is fixed by where it sits (not by a child's kind). */
type TypedSite = ExpressionSite & { expect?: JSONValue };

const STRING = { type: 'string' };

function expressionSites(design: Design): TypedSite[] {
  const sites: TypedSite[] = [];
  const ignored: ExpressionSite[] = [];
  const typed = (value: string, path: string, expect: JSONValue) => {
    const found: ExpressionSite[] = [];
    collectExpressions(value, path, found, ignored);
    for (const f of found) sites.push(f.text === true ? f : { ...f, expect });
  };
  (design.operand?.externalRefs ?? []).forEach((r, i) => {
    const at = `externalRefs[${i}].metadata`;
    const { name, namespace, selector } = r.metadata;
    if (name !== undefined) typed(name, `${at}.name`, STRING);
    if (namespace !== undefined) typed(namespace, `${at}.namespace`, STRING);
    for (const [k, v] of Object.entries(selector?.matchLabels ?? {}))
      typed(v, childPath(`${at}.selector.matchLabels`, k), STRING);
    (selector?.matchExpressions ?? []).forEach((e, j) =>
      (e.values ?? []).forEach((v, n) => typed(v, `${at}.selector.matchExpressions[${j}].values[${n}]`, STRING)),
    );
  });
  (design.operand?.conditions ?? []).forEach((c, i) => {
    typed(c.status, `conditions[${i}].status`, { type: 'boolean' });
    if (c.reason !== undefined) typed(c.reason, `conditions[${i}].reason`, STRING);
    if (c.message !== undefined) collectExpressions(c.message, `conditions[${i}].message`, sites, ignored);
  });
  (design.operand?.resources ?? []).forEach((r, i) => {
    const path = `resources[${i}]`;
    for (const it of iteratorsOf(r, path)) {
      const parsed = iteratorExpression(it.value);
      if (parsed.ok) sites.push({ path: it.path, source: parsed.expr });
    }
    collectExpressions(r.template, `${path}.template`, sites, ignored);
    if (r.includeWhen !== undefined) sites.push({ path: `${path}.includeWhen`, source: r.includeWhen });
    if (r.readyWhen !== undefined) sites.push({ path: `${path}.readyWhen`, source: r.readyWhen });
  });
  for (const [field, value] of Object.entries(design.operand?.status ?? {}))
    collectExpressions(value, `status.${field}`, sites, ignored);
  return sites;
}

/** The variables one site sees: a collection's template and readyWhen add its iterators (and, in readyWhen, its id is one object). */
interface SiteVars {
  readonly vars: VarSchemas;
  readonly names: string[];
  readonly key: string;
}

/**
 * Each expression compiled as the API server compiles a rule: `self` typed from the CRD's schema,
 * the result against the string it sits in, the cost estimated from the schema's bounds.
 */
function typeProblems(design: Design, root: JSONSchemaProps | undefined): { issues: Issue[]; unbounded: boolean } {
  const engine = celEngine();
  const resources = design.operand?.resources ?? [];
  const externals = design.operand?.externalRefs ?? [];
  const ids = [...externals.map((r) => r.id), ...resources.map((r) => r.id)];
  if (engine === undefined) return { issues: [], unbounded: false };
  let unbounded = false;
  const kinds = new Map<string, JSONValue>();
  const self = selfSchema(root);
  const vars: VarSchemas = { self: self as JSONValue };
  // one object of its kind, or a list (dynamic: the cluster decides its length)
  for (const r of externals) vars[r.id] = r.metadata.name !== undefined ? kindSchemaRef(r.apiVersion, r.kind) : null;
  resources.forEach((r, i) => {
    const kind = kindSchemaRef(r.template.apiVersion, r.template.kind);
    vars[r.id] = isCollection(r) ? collectionSchema(kind, collectionLimit(r)) : kind;
    kinds.set(`resources[${i}]`, kind);
  });
  const base: SiteVars = { vars, names: graphVariables(ids), key: jsonText(vars) };
  const out: Issue[] = [];
  const check = (site: TypedSite, at: SiteVars, expect: JSONValue) => {
    const c = checkExpression(
      engine,
      {
        source: site.source,
        vars: at.vars,
        ...(site.text === true ? { text: true } : {}),
        ...(expect !== null && site.at !== undefined ? { expect, expectAt: site.at } : {}),
        ...(site.expect !== undefined ? { expect: site.expect } : {}),
      },
      at.key,
    );
    unbounded ||= c.unbounded === true;
    return c;
  };
  // a collection's iterators, typed as its forEach sites are checked (they come first)
  const iterators = new Map<number, Record<string, JSONValue>>();
  const inCollection = (i: number, ready: boolean): SiteVars => {
    const its = iterators.get(i) ?? {};
    const own = ready ? { [resources[i]!.id]: kinds.get(`resources[${i}]`) ?? null } : {};
    const v: VarSchemas = { ...vars, ...its, ...own };
    return { vars: v, names: [...base.names, ...Object.keys(its)], key: jsonText(v) };
  };
  for (const site of expressionSites(design)) {
    const m = /^resources\[(\d+)\]\.(template|readyWhen|forEach)(?:\[(\d+)\])?/.exec(site.path);
    const i = m === null ? -1 : Number(m[1]);
    const part = m?.[2];
    const collection = i >= 0 && isCollection(resources[i]!);
    const at = collection && part !== 'forEach' ? inCollection(i, part === 'readyWhen') : base;
    if (!compileExpression(site.source, at.names).ok) continue; // analyzeGraph reported it
    // a whole-string expression in a template fills the field it sits in: checked against its type
    const kind = part !== 'template' || site.text === true ? null : (kinds.get(`resources[${i}]`) ?? null);
    const c = check(site, at, kind);
    const problem = checkProblem(site.source, c, engine.limits.perCall);
    if (problem !== undefined) out.push((problem.severity === 'error' ? error : warning)(site.path, problem.message));
    if (part === 'forEach') {
      const notList = notListType(site.source, c.type);
      if (notList !== undefined && problem === undefined) out.push(error(site.path, notList));
      const [name] = Object.keys(resources[i]!.forEach?.[Number(m![3])] ?? {});
      if (name !== undefined)
        iterators.set(i, { ...iterators.get(i), [name]: elementSchema(site.source, self, c.type) });
    }
  }
  return { issues: out, unbounded };
}

/**
 * An external Secret whose name, namespace or selector comes from the custom resource: whoever may
 * create one picks which Secret the controller reads (as the design's identity, which may read
 * them all), and the design may copy it into what it writes. Allowed, but said before install.
 */
function authorPickedSecrets(design: Design): Issue[] {
  return (design.operand?.externalRefs ?? []).flatMap((r, i) =>
    r.apiVersion === 'v1' && r.kind === 'Secret' && JSON.stringify(r.metadata).includes('${')
      ? [
          warning(
            `operand.externalRefs[${i}].metadata`,
            'which Secret this reads comes from the custom resource: anyone who may create one can make the controller read any Secret its identity can read; prefer a fixed name and namespace',
          ),
        ]
      : [],
  );
}
