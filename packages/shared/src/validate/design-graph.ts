// A design's resources form, checked before anything is installed: the graph's own rules
// (ids, CEL syntax, names, cycles, fields the planner owns), every `self.…` an expression reads
// against the CRD's schema, status bindings against the status schema, the CEL the export runs
// alike, and a plan of the sample (so an expression that fails on it is shown at its place).
import type { JSONSchemaProps } from '../crd/types';
import type { Design } from '../design/schema';
import { designGraph } from '../design/operand-form';
import { analyzeGraph } from '../graph/dependencies';
import { collectExpressions, compileExpression, type ExpressionSite } from '../graph/expressions';
import { EXPORTABLE_SUMMARY, outsideExportSubset, selfPaths } from '../graph/expression-reads';
import type { KubeObject } from '../graph/model';
import { plan } from '../graph/plan';
import { resolvePath } from './design-refs';
import { error, warning, type Issue } from './issue';

/** ObjectMeta fields an expression may read from `self.metadata`. */
const METADATA_FIELDS = new Set([
  'name',
  'namespace',
  'uid',
  'labels',
  'annotations',
  'generation',
  'creationTimestamp',
]);

export function validateDesignGraph(design: Design, root: JSONSchemaProps | undefined, sample: KubeObject): Issue[] {
  const graph = designGraph(design);
  if (graph === undefined) return [];
  const at = (p: string): string => `operand.${p}`;
  if (design.crd.scope === 'Cluster')
    return [
      error(
        'operand.resources',
        'a cluster-scoped kind has no namespace for its children to live in: make the kind Namespaced, or manage cluster objects with a namespaced kind',
      ),
    ];
  const out: Issue[] = analyzeGraph(graph).issues.map((i) => ({ ...i, path: at(i.path) }));
  for (const site of expressionSites(design)) {
    const compiled = compileExpression(site.source);
    if (!compiled.ok) continue; // analyzeGraph reported it
    const beyond = outsideExportSubset(compiled.run.ast);
    if (beyond !== undefined)
      out.push(
        error(
          at(site.path),
          `\${${site.source}} uses ${beyond}, which the exported Go operator does not evaluate the same way; use ${EXPORTABLE_SUMMARY}`,
        ),
      );
    for (const path of selfPaths(compiled.run.ast)) {
      const problem = selfFieldProblem(root, path);
      if (problem !== undefined) out.push(error(at(site.path), `\${${site.source}}: ${problem}`));
    }
  }
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
  if (out.some((i) => i.severity === 'error')) return out;
  // the sample as the controller would see it on first sight: what fails there fails in the cluster
  const meta = (sample.metadata ?? {}) as KubeObject;
  const cr = { ...sample, metadata: { namespace: 'default', uid: 'sample', ...meta } };
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

function selfFieldProblem(root: JSONSchemaProps | undefined, path: string[]): string | undefined {
  const [top, next] = path;
  if (top === 'apiVersion' || top === 'kind') return path.length === 1 ? undefined : `self.${top} is a string`;
  if (top === 'metadata')
    return next === undefined || METADATA_FIELDS.has(next)
      ? undefined
      : `self.metadata.${next} is not readable: use one of ${[...METADATA_FIELDS].join(', ')}`;
  const dotted = path
    .map((p) => (p === '[]' ? '[0]' : /^[\w$-]+$/.test(p) ? `.${p}` : `['${p}']`))
    .join('')
    .slice(1);
  const r = resolvePath(root, dotted);
  if ('missing' in r) return `self.${r.missing.replace(/^\./, '')} is not a field of the CRD's schema`;
  return undefined;
}
