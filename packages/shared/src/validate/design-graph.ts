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
import { collectExpressions, compileExpression, graphVariables, type ExpressionSite } from '../graph/expressions';
import { checkExpression, checkProblem, kindSchemaRef, selfSchema, type VarSchemas } from '../graph/expression-types';
import type { KubeObject } from '../graph/model';
import { plan } from '../graph/plan';
import { resolvePath } from './design-refs';
import { error, warning, type Issue } from './issue';

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
  // an expression no estimate bounds is not run here, where checks must stay fast (the server's
  // request, a keystroke): the warning says so, and the controller's limit stops it when it runs
  if (out.some((i) => i.severity === 'error') || types.unbounded) return out;
  // the sample as the controller would see it on first sight: what fails there fails in the cluster
  const meta = (sample.metadata ?? {}) as KubeObject;
  const where: KubeObject = design.crd.scope === 'Cluster' ? {} : { namespace: 'default' };
  const cr = { ...sample, metadata: { ...where, uid: 'sample', ...meta } };
  for (const e of plan(graph, cr, new Map()).errors)
    out.push(warning(at(e.path), `with the sample custom resource: ${e.message}`));
  return out;
}

function expressionSites(design: Design): ExpressionSite[] {
  const sites: ExpressionSite[] = [];
  const ignored: ExpressionSite[] = [];
  (design.operand?.resources ?? []).forEach((r, i) => {
    const path = `resources[${i}]`;
    collectExpressions(r.template, `${path}.template`, sites, ignored);
    if (r.includeWhen !== undefined) sites.push({ path: `${path}.includeWhen`, source: r.includeWhen });
    if (r.readyWhen !== undefined) sites.push({ path: `${path}.readyWhen`, source: r.readyWhen });
  });
  for (const [field, value] of Object.entries(design.operand?.status ?? {}))
    collectExpressions(value, `status.${field}`, sites, ignored);
  return sites;
}

/**
 * Each expression compiled as the API server compiles a rule: `self` typed from the CRD's schema,
 * the result against the string it sits in, the cost estimated from the schema's bounds.
 */
function typeProblems(design: Design, root: JSONSchemaProps | undefined): { issues: Issue[]; unbounded: boolean } {
  const engine = celEngine();
  const ids = (design.operand?.resources ?? []).map((r) => r.id);
  if (engine === undefined) return { issues: [], unbounded: false };
  let unbounded = false;
  const kinds = new Map<string, JSONValue>();
  const vars: VarSchemas = { self: selfSchema(root) as JSONValue };
  (design.operand?.resources ?? []).forEach((r, i) => {
    const kind = kindSchemaRef(r.template.apiVersion, r.template.kind);
    vars[r.id] = kind;
    kinds.set(`resources[${i}]`, kind);
  });
  const names = graphVariables(ids);
  const varsKey = JSON.stringify(vars);
  const out: Issue[] = [];
  for (const site of expressionSites(design)) {
    if (!compileExpression(site.source, names).ok) continue; // analyzeGraph reported it
    // a whole-string expression in a template fills the field it sits in: checked against its type
    const child = /^(resources\[\d+\])\.template\b/.exec(site.path)?.[1];
    const kind = child === undefined || site.text === true ? null : (kinds.get(child) ?? null);
    const c = checkExpression(
      engine,
      {
        source: site.source,
        vars,
        ...(site.text === true ? { text: true } : {}),
        ...(kind !== null && site.at !== undefined ? { expect: kind, expectAt: site.at } : {}),
      },
      varsKey,
    );
    unbounded ||= c.unbounded === true;
    const problem = checkProblem(site.source, c, engine.limits.perCall);
    if (problem !== undefined) out.push((problem.severity === 'error' ? error : warning)(site.path, problem.message));
  }
  return { issues: out, unbounded };
}
