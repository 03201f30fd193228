/**
 * The Helm chart kubebuilder's optional `helm/v2-alpha` plugin writes under `dist/chart/`, from
 * the same kustomize texts the export writes under `config/` (kubebuilder converts the output of
 * `make build-installer`; here the CRD and every role's rules are cut from those texts, so the
 * chart cannot disagree with them). Layout as the plugin's: Chart.yaml, values.yaml, .helmignore
 * (written once, the user's) and templates/ (regenerated with the design, docs/design/0057): the
 * manager Deployment, its ServiceAccount and RBAC, the CRD (kept on uninstall), the metrics
 * Service, and behind values flags the admin/editor/viewer roles, the ServiceMonitor and the
 * NetworkPolicy; with a conversion webhook, its Service, the CRD's `spec.conversion` and
 * cert-manager's Issuer and Certificate. Design text (descriptions, defaults, the operand's image)
 * reaches the templates only through `helmLiteral`, so a `{{` in it renders as itself.
 */
import { crdPath } from './config-files';
import { ScaffoldError } from './errors';
import type { ProjectFacts } from './facts';
import { chartYaml, HELMIGNORE, valuesYaml } from './helm-chart-values';
import { managerTemplates } from './helm-chart-manager';
import { CHART_DIR, chartNames, helmLiteral, type ChartNames } from './helm-chart-names';

/** `rules:` to the end of a role the kustomize tree holds: the chart grants exactly what config/ does. */
function rulesOf(config: ReadonlyMap<string, string>, path: string): string {
  const text = config.get(path);
  const at = text?.indexOf('\nrules:\n') ?? -1;
  if (text === undefined || at < 0) throw new ScaffoldError(`the chart needs the rules of ${path}`);
  return helmLiteral(text.slice(at + 1));
}

function insertAfter(text: string, anchor: string, insert: string, what: string): string {
  const at = text.indexOf(anchor);
  if (at < 0) throw new ScaffoldError(`the chart's ${what} needs ${JSON.stringify(anchor)} in the CRD`);
  return `${text.slice(0, at + anchor.length)}${insert}${text.slice(at + anchor.length)}`;
}

/** The CRD as config/crd/bases has it, kept on uninstall; with a conversion webhook, pointed at it. */
function crdTemplate(f: ProjectFacts, config: ReadonlyMap<string, string>, n: ChartNames, conversion: boolean): string {
  const base = config.get(crdPath(f));
  if (base === undefined) throw new ScaffoldError(`the chart needs ${crdPath(f)}`);
  let crd = helmLiteral(base.replace(/^---\n/, ''));
  const keep = `    {{- if .Values.crd.keep }}\n    "helm.sh/resource-policy": keep\n    {{- end }}\n`;
  const inject = conversion
    ? `    {{- if .Values.certManager.enabled }}\n    cert-manager.io/inject-ca-from: {{ .Release.Namespace }}/${n.resource('serving-cert')}\n    {{- end }}\n`
    : '';
  crd = insertAfter(crd, '\nmetadata:\n  annotations:\n', keep + inject, 'keep annotation');
  if (conversion)
    crd = insertAfter(
      crd,
      '\nspec:\n',
      `  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          name: ${n.resource('webhook-service')}
          namespace: {{ .Release.Namespace }}
          path: /convert
      conversionReviewVersions:
      - v1
`,
      'conversion webhook',
    );
  return `{{- if .Values.crd.enabled }}\n${crd}{{- end }}\n`;
}

interface Role {
  readonly file: string;
  readonly suffix: string;
  readonly from: string;
  readonly kind: 'ClusterRole' | 'Role';
  readonly when?: string;
}

/** A role whose rules are config/'s, and its binding to the manager's ServiceAccount. */
function roleTemplates(
  config: ReadonlyMap<string, string>,
  n: ChartNames,
  role: Role,
  binding?: string,
): [string, string][] {
  const wrap = (body: string): string => (role.when ? `{{- if ${role.when} }}\n${body}{{- end }}\n` : body);
  const namespace = role.kind === 'Role' ? '  namespace: {{ .Release.Namespace }}\n' : '';
  const out: [string, string][] = [
    [
      `rbac/${role.file}.yaml`,
      wrap(`apiVersion: rbac.authorization.k8s.io/v1
kind: ${role.kind}
metadata:
  labels:
${n.labels('    ')}
  name: ${n.resource(role.suffix)}
${namespace}${rulesOf(config, role.from)}`),
    ],
  ];
  if (binding !== undefined)
    out.push([
      `rbac/${binding}.yaml`,
      wrap(`apiVersion: rbac.authorization.k8s.io/v1
kind: ${role.kind}Binding
metadata:
  labels:
${n.labels('    ')}
  name: ${n.resource(binding)}
${namespace}roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ${role.kind}
  name: ${n.resource(role.suffix)}
subjects:
- kind: ServiceAccount
  name: ${n.serviceAccount}
  namespace: {{ .Release.Namespace }}
`),
    ]);
  return out;
}

function helpersTpl(p: string): string {
  return `{{/*
The chart's name: the project's, unless nameOverride says otherwise.
*/}}
{{- define "${p}.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The release's full name, at most 63 characters (a DNS label); the release name alone when it
already contains the chart's name.
*/}}
{{- define "${p}.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
An object's name: the full name and a suffix, the full name shortened so the whole fits 63
characters. Takes (dict "suffix" "<suffix>" "context" $).
*/}}
{{- define "${p}.resourceName" -}}
{{- $fullname := include "${p}.fullname" .context }}
{{- $maxLen := sub 62 (len .suffix) | int }}
{{- printf "%s-%s" (trunc $maxLen $fullname | trimSuffix "-") .suffix | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The manager's ServiceAccount: the chart's, or serviceAccount.name when the chart makes none.
*/}}
{{- define "${p}.serviceAccountName" -}}
{{- if .Values.serviceAccount.enabled }}
{{- include "${p}.resourceName" (dict "suffix" "controller-manager" "context" .) }}
{{- else }}
{{- required "serviceAccount.name is required when serviceAccount.enabled=false (name: default uses the namespace's default ServiceAccount)" .Values.serviceAccount.name }}
{{- end }}
{{- end }}
`;
}

const NOTES = `{{ .Chart.Name }} is installed as release {{ .Release.Name }} in namespace {{ .Release.Namespace }}.

Check the manager and the CRD:

  kubectl get pods -n {{ .Release.Namespace }}
  kubectl get customresourcedefinitions

  helm status {{ .Release.Name }} -n {{ .Release.Namespace }}
`;

/** Every file of dist/chart; `config` is the kustomize tree (path → text) the chart is cut from. */
export function helmChartFiles(
  f: ProjectFacts,
  config: ReadonlyMap<string, string>,
  conversion: boolean,
): [string, string][] {
  const p = f.projectName;
  const n = chartNames(p);
  const templates: [string, string][] = [
    ['_helpers.tpl', helpersTpl(p)],
    ['NOTES.txt', NOTES],
    [`crd/${f.plural}.${f.fullGroup}.yaml`, crdTemplate(f, config, n, conversion)],
    [
      'rbac/controller-manager.yaml',
      `{{- if .Values.serviceAccount.enabled }}
apiVersion: v1
kind: ServiceAccount
metadata:
  labels:
${n.labels('    ')}
    {{- with .Values.serviceAccount.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- with .Values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  name: ${n.serviceAccount}
  namespace: {{ .Release.Namespace }}
{{- end }}
`,
    ],
    ...roleTemplates(
      config,
      n,
      { file: 'manager-role', suffix: 'manager-role', from: 'config/rbac/role.yaml', kind: 'ClusterRole' },
      'manager-rolebinding',
    ),
    ...roleTemplates(
      config,
      n,
      {
        file: 'leader-election-role',
        suffix: 'leader-election-role',
        from: 'config/rbac/leader_election_role.yaml',
        kind: 'Role',
      },
      'leader-election-rolebinding',
    ),
    ...roleTemplates(
      config,
      n,
      {
        file: 'studio-handoff-role',
        suffix: 'studio-handoff-role',
        from: 'config/rbac/studio_handoff_role.yaml',
        kind: 'ClusterRole',
      },
      'studio-handoff-rolebinding',
    ),
    ...roleTemplates(
      config,
      n,
      {
        file: 'metrics-auth-role',
        suffix: 'metrics-auth-role',
        from: 'config/rbac/metrics_auth_role.yaml',
        kind: 'ClusterRole',
        when: 'and .Values.metrics.enabled .Values.metrics.secure',
      },
      'metrics-auth-rolebinding',
    ),
    ...roleTemplates(config, n, {
      file: 'metrics-reader',
      suffix: 'metrics-reader',
      from: 'config/rbac/metrics_reader_role.yaml',
      kind: 'ClusterRole',
      when: 'and .Values.metrics.enabled .Values.metrics.secure',
    }),
    ...['admin', 'editor', 'viewer'].flatMap((r) =>
      roleTemplates(config, n, {
        file: `${f.lowerKind}-${r}-role`,
        suffix: `${f.lowerKind}-${r}-role`,
        from: `config/rbac/${f.lowerKind}_${r}_role.yaml`,
        kind: 'ClusterRole',
        when: '.Values.rbac.helpers.enabled',
      }),
    ),
    ...managerTemplates(f, n, conversion),
  ];
  return [
    [`${CHART_DIR}/Chart.yaml`, chartYaml(f)],
    [`${CHART_DIR}/values.yaml`, valuesYaml(conversion)],
    [`${CHART_DIR}/.helmignore`, HELMIGNORE],
    ...templates.map(([path, text]): [string, string] => [`${CHART_DIR}/templates/${path}`, text]),
  ];
}
