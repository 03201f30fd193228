{{/* The release's base name, at most 63 characters (a DNS label). */}}
{{- define "opstudio.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "opstudio.selectorLabels" -}}
app.kubernetes.io/name: {{ default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "opstudio.labels" -}}
{{ include "opstudio.selectorLabels" . }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "opstudio.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "opstudio.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- required "serviceAccount.name is required when serviceAccount.create is false" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Where the Lease lives: the setting, else the release namespace. */}}
{{- define "opstudio.leaseNamespace" -}}
{{- default .Release.Namespace .Values.controller.leaseNamespace -}}
{{- end -}}

{{/* OPSTUDIO_ALLOWED_HOSTS: the Ingress hosts and the extra ones, comma-separated. */}}
{{- define "opstudio.allowedHosts" -}}
{{- $hosts := list -}}
{{- if .Values.ingress.enabled -}}{{- $hosts = concat $hosts .Values.ingress.hosts -}}{{- end -}}
{{- $hosts = concat $hosts .Values.extraAllowedHosts -}}
{{- join "," (uniq $hosts) -}}
{{- end -}}
