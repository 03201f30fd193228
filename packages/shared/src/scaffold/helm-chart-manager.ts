/**
 * The chart's manager and what reaches it (helm-chart.ts): the Deployment as config/manager and
 * config/default make it (the image form's operand image as an environment variable, metrics on
 * HTTPS :8443, probes on :8081, the restricted security settings), the metrics Service, and behind
 * values flags the ServiceMonitor and the NetworkPolicy kubebuilder's plugin adds. With a
 * conversion webhook: the webhook Service on the manager's :9443 and, with certManager.enabled,
 * the self-signed Issuer and the serving Certificate whose Secret the manager mounts.
 */
import type { ProjectFacts } from './facts';
import { goNames } from './go-names';
import { helmLiteral, type ChartNames } from './helm-chart-names';

/** The port controller-runtime's webhook server listens on (the exported main.go keeps its default). */
const WEBHOOK_PORT = 9443;
const WEBHOOK_CERT_DIR = '/tmp/k8s-webhook-server/serving-certs';

function managerYaml(f: ProjectFacts, n: ChartNames, conversion: boolean): string {
  const selector = (indent: string): string =>
    `${indent}app.kubernetes.io/name: ${n.name}\n${indent}control-plane: controller-manager`;
  const env = f.operand
    ? `        env:
        - name: ${goNames(f).imageEnv}
          value: ${helmLiteral(JSON.stringify(f.operand.image))}
`
    : '';
  const webhookPort = conversion
    ? `        - containerPort: ${WEBHOOK_PORT}
          name: webhook-server
          protocol: TCP
`
    : '';
  const certArg = conversion
    ? `        {{- if .Values.certManager.enabled }}\n        - --webhook-cert-path=${WEBHOOK_CERT_DIR}\n        {{- end }}\n`
    : '';
  const certMount = conversion
    ? `          {{- if .Values.certManager.enabled }}
          - mountPath: ${WEBHOOK_CERT_DIR}
            name: webhook-certs
            readOnly: true
          {{- end }}
`
    : '';
  const certVolume = conversion
    ? `        {{- if .Values.certManager.enabled }}
        - name: webhook-certs
          secret:
            secretName: webhook-server-cert
        {{- end }}
`
    : '';
  // a list only when it has items: the cert-manager Secret's, or the user's extra ones
  const mounts = conversion
    ? 'or .Values.manager.extraVolumeMounts .Values.certManager.enabled'
    : '.Values.manager.extraVolumeMounts';
  const volumes = conversion
    ? 'or .Values.manager.extraVolumes .Values.certManager.enabled'
    : '.Values.manager.extraVolumes';
  return `{{- if .Values.manager.enabled }}
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
${n.labels('    ')}
    control-plane: controller-manager
    {{- with .Values.manager.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- with .Values.manager.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  name: ${n.resource('controller-manager')}
  namespace: {{ .Release.Namespace }}
spec:
  replicas: {{ .Values.manager.replicas }}
  {{- with .Values.manager.strategy }}
  strategy:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  selector:
    matchLabels:
${selector('      ')}
  template:
    metadata:
      annotations:
        kubectl.kubernetes.io/default-container: manager
        {{- with .Values.manager.pod }}
        {{- with .annotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
        {{- end }}
      labels:
${n.labels('        ')}
        control-plane: controller-manager
        {{- with .Values.manager.pod }}
        {{- with .labels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
        {{- end }}
    spec:
      {{- with .Values.manager.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.manager.priorityClassName }}
      priorityClassName: {{ . | quote }}
      {{- end }}
      {{- with .Values.manager.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.manager.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.manager.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .Values.manager.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
      - args:
        {{- if .Values.metrics.enabled }}
        - --metrics-bind-address=:{{ .Values.metrics.port }}
        {{- if not .Values.metrics.secure }}
        - --metrics-secure=false
        {{- end }}
        {{- else }}
        - --metrics-bind-address=0
        {{- end }}
        - --health-probe-bind-address=:{{ .Values.manager.healthProbe.port }}
${certArg}        {{- range .Values.manager.args }}
        - {{ . | quote }}
        {{- end }}
        command:
        - /manager
${env}        image: "{{ .Values.manager.image.repository }}:{{ .Values.manager.image.tag | default .Chart.AppVersion }}"
        {{- with .Values.manager.image.pullPolicy }}
        imagePullPolicy: {{ . }}
        {{- end }}
        livenessProbe:
          httpGet:
            path: /healthz
            port: {{ .Values.manager.healthProbe.port }}
          initialDelaySeconds: 15
          periodSeconds: 20
        name: manager
        ports:
        - containerPort: {{ .Values.manager.healthProbe.port }}
          name: health
          protocol: TCP
${webhookPort}        readinessProbe:
          httpGet:
            path: /readyz
            port: {{ .Values.manager.healthProbe.port }}
          initialDelaySeconds: 5
          periodSeconds: 10
        resources:
          {{- toYaml .Values.manager.resources | nindent 10 }}
        securityContext:
          {{- toYaml .Values.manager.securityContext | nindent 10 }}
        {{- if ${mounts} }}
        volumeMounts:
          {{- with .Values.manager.extraVolumeMounts }}
          {{- toYaml . | nindent 10 }}
          {{- end }}
${certMount}        {{- end }}
      securityContext:
        {{- toYaml .Values.manager.podSecurityContext | nindent 8 }}
      serviceAccountName: ${n.serviceAccount}
      terminationGracePeriodSeconds: {{ .Values.manager.terminationGracePeriodSeconds }}
      {{- if ${volumes} }}
      volumes:
        {{- with .Values.manager.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
${certVolume}      {{- end }}
{{- end }}
`;
}

export function managerTemplates(f: ProjectFacts, n: ChartNames, conversion: boolean): [string, string][] {
  const selector = (indent: string): string =>
    `${indent}app.kubernetes.io/name: ${n.name}\n${indent}control-plane: controller-manager`;
  const scheme = '{{ if .Values.metrics.secure }}https{{ else }}http{{ end }}';
  const policy = (suffix: string, when: string, label: string, port: string): string => `{{- if ${when} }}
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  labels:
${n.labels('    ')}
  name: ${n.resource(suffix)}
  namespace: {{ .Release.Namespace }}
spec:
  podSelector:
    matchLabels:
${selector('      ')}
  policyTypes:
  - Ingress
  ingress:
  # only from namespaces labelled ${label}
  - from:
    - namespaceSelector:
        matchLabels:
          ${label}
    ports:
    - port: ${port}
      protocol: TCP
{{- end }}
`;
  const out: [string, string][] = [
    ['manager/manager.yaml', managerYaml(f, n, conversion)],
    [
      'metrics/controller-manager-metrics-service.yaml',
      `{{- if .Values.metrics.enabled }}
apiVersion: v1
kind: Service
metadata:
  labels:
${n.labels('    ')}
    control-plane: controller-manager
  name: ${n.resource('controller-manager-metrics-service')}
  namespace: {{ .Release.Namespace }}
spec:
  ports:
  - name: ${scheme}
    port: {{ .Values.metrics.port }}
    protocol: TCP
    targetPort: {{ .Values.metrics.port }}
  selector:
${selector('    ')}
{{- end }}
`,
    ],
    [
      'prometheus/controller-manager-metrics-monitor.yaml',
      `{{- if and .Values.prometheus.enabled .Values.metrics.enabled }}
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  labels:
${n.labels('    ')}
    control-plane: controller-manager
  name: ${n.resource('controller-manager-metrics-monitor')}
  namespace: {{ .Release.Namespace }}
spec:
  endpoints:
  - path: /metrics
    port: ${scheme}
    scheme: ${scheme}
    {{- if .Values.metrics.secure }}
    bearerTokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token
    tlsConfig:
      serverName: ${n.resource('controller-manager-metrics-service')}.{{ .Release.Namespace }}.svc
      # the manager serves metrics with a self-signed certificate unless you give it one
      insecureSkipVerify: true
    {{- end }}
  selector:
    matchLabels:
${selector('      ')}
{{- end }}
`,
    ],
    [
      'network-policy/allow-metrics-traffic.yaml',
      policy(
        'allow-metrics-traffic',
        'and .Values.networkPolicy.enabled .Values.metrics.enabled',
        'metrics: enabled',
        '{{ .Values.metrics.port }}',
      ),
    ],
  ];
  if (!conversion) return out;
  out.push(
    [
      'network-policy/allow-webhook-traffic.yaml',
      // the API server calls the conversion webhook: label the namespaces its traffic comes from
      policy('allow-webhook-traffic', '.Values.networkPolicy.enabled', 'webhook: enabled', String(WEBHOOK_PORT)),
    ],
    [
      'webhook/webhook-service.yaml',
      `apiVersion: v1
kind: Service
metadata:
  labels:
${n.labels('    ')}
  name: ${n.resource('webhook-service')}
  namespace: {{ .Release.Namespace }}
spec:
  ports:
  - port: 443
    protocol: TCP
    targetPort: ${WEBHOOK_PORT}
  selector:
${selector('    ')}
`,
    ],
    [
      'cert-manager/selfsigned-issuer.yaml',
      `{{- if .Values.certManager.enabled }}
apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
  labels:
${n.labels('    ')}
  name: ${n.resource('selfsigned-issuer')}
  namespace: {{ .Release.Namespace }}
spec:
  selfSigned: {}
{{- end }}
`,
    ],
    [
      'cert-manager/serving-cert.yaml',
      `{{- if .Values.certManager.enabled }}
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  labels:
${n.labels('    ')}
  name: ${n.resource('serving-cert')}
  namespace: {{ .Release.Namespace }}
spec:
  dnsNames:
  - ${n.resource('webhook-service')}.{{ .Release.Namespace }}.svc
  - ${n.resource('webhook-service')}.{{ .Release.Namespace }}.svc.cluster.local
  issuerRef:
    kind: Issuer
    name: ${n.resource('selfsigned-issuer')}
  secretName: webhook-server-cert
{{- end }}
`,
    ],
  );
  return out;
}
