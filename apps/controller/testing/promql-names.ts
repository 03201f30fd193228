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

/** A label an expression filters or groups a metric by: the metric's series must carry it. */
export interface LabelUse {
  readonly metric: string;
  readonly label: string;
}

/**
 * The labels a PromQL expression filters by (`metric{label=~"…"}`) and groups by (`by (…)`, for
 * every metric of the expression). `on`, `ignoring` and `without` are not read: the dashboard
 * uses none of them.
 */
export function promqlLabelUses(expr: string): LabelUse[] {
  const unquoted = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const uses = new Map<string, LabelUse>();
  const use = (metric: string, label: string) => uses.set(`${metric} ${label}`, { metric, label });
  for (const [, metric = '', matchers = ''] of unquoted.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\s*\{([^}]*)\}/g))
    for (const [, label = ''] of matchers.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)/g)) use(metric, label);
  const metrics = promqlMetricNames(expr);
  for (const [, labels = ''] of unquoted.matchAll(/\bby\s*\(([^)]*)\)/g))
    for (const label of labels.split(',').map((l) => l.trim()))
      if (label !== '') for (const metric of metrics) use(metric, label);
  return [...uses.values()];
}

interface Dashboard {
  panels?: { targets?: { expr?: string }[]; panels?: unknown[] }[];
  templating?: { list?: { type?: string; query?: string | { query?: string } }[] };
}

/** Query variables' queries; `label_values(<selector>, <label>)` split into the selector and the label. */
function variableQueries(d: Dashboard): { expr: string; label?: string }[] {
  return (d.templating?.list ?? []).flatMap((v) => {
    if (v.type !== 'query') return [];
    const q = typeof v.query === 'string' ? v.query : (v.query?.query ?? '');
    const m = /^label_values\((.*),\s*([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(q.trim());
    return [m?.[1] !== undefined ? { expr: m[1], label: m[2] ?? '' } : { expr: q }];
  });
}

/** Every PromQL expression of a Grafana dashboard: panel targets (rows' panels too) and query variables. */
export function dashboardExpressions(dashboard: unknown): string[] {
  const d = dashboard as Dashboard;
  const panels = (d.panels ?? []).flatMap((p) => [p, ...((p.panels ?? []) as typeof d.panels & object)]);
  const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr ?? ''));
  // label_values(<selector>, <label>) reads the selector's metric
  exprs.push(...variableQueries(d).map((q) => q.expr));
  return exprs.filter((e) => e !== '');
}

/** Every label a dashboard filters or groups a metric by, label_values variables' labels included. */
export function dashboardLabelUses(dashboard: unknown): LabelUse[] {
  const fromVariables = variableQueries(dashboard as Dashboard).flatMap((q) =>
    q.label === undefined ? [] : promqlMetricNames(q.expr).map((metric) => ({ metric, label: q.label ?? '' })),
  );
  const all = [...dashboardExpressions(dashboard).flatMap(promqlLabelUses), ...fromVariables];
  return [...new Map(all.map((u) => [`${u.metric} ${u.label}`, u])).values()];
}
