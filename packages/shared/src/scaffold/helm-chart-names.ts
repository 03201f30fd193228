/**
 * The chart's folder, its named templates and labels (the helpers are `<projectName>.name` …, as
 * kubebuilder's helm/v2-alpha names them), and `helmLiteral`, the one way design text enters a
 * template (helm-chart.ts).
 */
export const CHART_DIR = 'dist/chart';

/** Text Helm outputs unchanged: every `{{` becomes an action that prints `{{`. */
export function helmLiteral(text: string): string {
  return text.replaceAll('{{', '{{ "{{" }}');
}

/** The chart's names and labels for project `p` (its helpers are `<p>.name` …, as kubebuilder's). */
export function chartNames(p: string) {
  return {
    name: `{{ include "${p}.name" . }}`,
    resource: (suffix: string): string => `{{ include "${p}.resourceName" (dict "suffix" "${suffix}" "context" $) }}`,
    serviceAccount: `{{ include "${p}.serviceAccountName" . }}`,
    labels: (indent: string): string =>
      [
        'app.kubernetes.io/managed-by: {{ .Release.Service }}',
        `app.kubernetes.io/name: {{ include "${p}.name" . }}`,
        'helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version | replace "+" "_" }}',
        'app.kubernetes.io/instance: {{ .Release.Name }}',
      ]
        .map((l) => `${indent}${l}`)
        .join('\n'),
  };
}
export type ChartNames = ReturnType<typeof chartNames>;
