// The metric names a PromQL expression reads (what a dashboard needs a target to export). Enough
// of PromQL for dashboards: strings, label matchers, ranges and grouping clauses are dropped,
// then every identifier that is not a function call, a keyword or a number is a metric name.
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring']);

export function promqlMetricNames(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ');
  const names = new Set<string>();
  for (const m of stripped.matchAll(/(?<![A-Za-z0-9_:.$])[A-Za-z_:][A-Za-z0-9_:]*(?=\s*(\(?))/g)) {
    if (m[1] === '(' || KEYWORDS.has(m[0])) continue;
    names.add(m[0]);
  }
  return [...names];
}

/** Every PromQL expression of a Grafana dashboard: panel targets (rows' panels too) and query variables. */
export function dashboardExpressions(dashboard: unknown): string[] {
  const d = dashboard as {
    panels?: { targets?: { expr?: string }[]; panels?: unknown[] }[];
    templating?: { list?: { type?: string; query?: string | { query?: string } }[] };
  };
  const panels = (d.panels ?? []).flatMap((p) => [p, ...((p.panels ?? []) as typeof d.panels & object)]);
  const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr ?? ''));
  for (const v of d.templating?.list ?? []) {
    if (v.type !== 'query') continue;
    const q = typeof v.query === 'string' ? v.query : (v.query?.query ?? '');
    // label_values(<selector>, <label>) reads the selector's metric
    const inner = /^label_values\((.*),\s*[A-Za-z_]+\)$/.exec(q.trim())?.[1];
    exprs.push(inner ?? q);
  }
  return exprs.filter((e) => e !== '');
}
