/**
 * The chart's files a user edits (helm-chart.ts): Chart.yaml, values.yaml and .helmignore, written
 * once like kubebuilder's helm/v2-alpha plugin writes them (it never overwrites them either), and
 * the Makefile's `helm-*` targets. The values are the kustomize defaults (config/manager): one
 * replica, `--leader-elect`, metrics on HTTPS :8443, the restricted security settings; the
 * ServiceMonitor, the NetworkPolicy and the admin/editor/viewer roles off until asked for.
 */
import type { ProjectFacts } from './facts';

export function chartYaml(f: ProjectFacts): string {
  return `apiVersion: v2
name: ${f.projectName}
description: A Helm chart to distribute ${f.projectName}, the operator for ${f.kind} (${f.fullGroup})
type: application

version: 0.1.0
appVersion: "0.1.0"

keywords:
  - kubernetes
  - operator
`;
}

/** `conversion`: the design converts between versions, so cert-manager's serving certificate is on. */
export function valuesYaml(conversion: boolean): string {
  return `## Override the chart's name (the release name is kept)
# nameOverride: ""
## Override the release's full name
# fullnameOverride: ""

## The controller manager's Deployment
manager:
  ## false: install everything but the manager
  enabled: true

  replicas: 1

  image:
    repository: controller
    ## defaults to the chart's appVersion
    # tag: ""
    pullPolicy: IfNotPresent

  ## Arguments besides the metrics and probe addresses the chart sets
  args:
    - --leader-elect

  ## The liveness (/healthz) and readiness (/readyz) endpoints' port
  healthProbe:
    port: 8081

  # imagePullSecrets:
  #   - name: myregistrykey

  podSecurityContext:
    runAsNonRoot: true
    seccompProfile:
      type: RuntimeDefault

  securityContext:
    allowPrivilegeEscalation: false
    capabilities:
      drop:
      - ALL
    readOnlyRootFilesystem: true

  resources:
    limits:
      cpu: 500m
      memory: 128Mi
    requests:
      cpu: 10m
      memory: 64Mi

  affinity: {}
  nodeSelector: {}
  tolerations: []
  terminationGracePeriodSeconds: 10

  # strategy:
  #   type: RollingUpdate
  # priorityClassName: ""
  # topologySpreadConstraints: []
  # labels: {}
  # annotations: {}
  # pod:
  #   labels: {}
  #   annotations: {}
  # extraVolumes: []
  # extraVolumeMounts: []

## RBAC
rbac:
  ## The admin/editor/viewer ClusterRoles for the CRD (for people; the manager does not use them)
  helpers:
    enabled: false

## The manager's ServiceAccount
serviceAccount:
  enabled: true
  ## Required when enabled is false ("default" uses the namespace's default ServiceAccount)
  # name: ""
  # annotations: {}
  # labels: {}

## The CustomResourceDefinition
crd:
  enabled: true
  ## Keep the CRD (and so every custom resource) when the release is uninstalled
  keep: true

## The manager's /metrics endpoint
metrics:
  enabled: true
  port: 8443
  ## HTTPS with authentication and authorization (true) or plain HTTP (false)
  secure: true

## cert-manager issues the conversion webhook's serving certificate (needs cert-manager installed)
certManager:
  enabled: ${conversion}

## A Prometheus ServiceMonitor for the metrics (needs the prometheus-operator CRDs)
prometheus:
  enabled: false

## NetworkPolicies: metrics only from namespaces labelled metrics=enabled
networkPolicy:
  enabled: false
`;
}

export const HELMIGNORE = `# Patterns to ignore when building Helm packages.
# Operating system files
.DS_Store

# Version control directories
.git/
.gitignore
.bzr/
.hg/
.hgignore
.svn/

# Backup and temporary files
*.swp
*.tmp
*.bak
*.orig
*~

# IDE and editor-related files
.idea/
.vscode/

# Helm chart artifacts
dist/chart/*.tgz
`;

/** The Makefile section kubebuilder's plugin adds (without its `install-helm` download script). */
export function helmMakeTargets(f: ProjectFacts): string {
  return `##@ Helm Deployment

## Helm binary to use for deploying the chart
HELM ?= helm
## Namespace to deploy the Helm release
HELM_NAMESPACE ?= ${f.projectName}-system
## Name of the Helm release
HELM_RELEASE ?= ${f.projectName}
## Path to the Helm chart directory
HELM_CHART_DIR ?= dist/chart
## Additional arguments to pass to helm commands
HELM_EXTRA_ARGS ?=

.PHONY: helm-lint
helm-lint: ## Lint the Helm chart.
	$(HELM) lint $(HELM_CHART_DIR)

.PHONY: helm-deploy
helm-deploy: ## Deploy the manager to the K8s cluster via Helm. Specify an image with IMG.
	IMG="$(IMG)"; $(HELM) upgrade --install $(HELM_RELEASE) $(HELM_CHART_DIR) \\
		--namespace $(HELM_NAMESPACE) \\
		--create-namespace \\
		--set manager.image.repository=$\${IMG%:*} \\
		--set manager.image.tag=$\${IMG##*:} \\
		--wait \\
		--timeout 5m \\
		$(HELM_EXTRA_ARGS)

.PHONY: helm-uninstall
helm-uninstall: ## Uninstall the Helm release from the K8s cluster.
	$(HELM) uninstall $(HELM_RELEASE) --namespace $(HELM_NAMESPACE)

.PHONY: helm-status
helm-status: ## Show Helm release status.
	$(HELM) status $(HELM_RELEASE) --namespace $(HELM_NAMESPACE)

.PHONY: helm-history
helm-history: ## Show Helm release history.
	$(HELM) history $(HELM_RELEASE) --namespace $(HELM_NAMESPACE)

.PHONY: helm-rollback
helm-rollback: ## Rollback to previous Helm release.
	$(HELM) rollback $(HELM_RELEASE) --namespace $(HELM_NAMESPACE)
`;
}
