/**
 * The kustomize config a conversion webhook needs, as kubebuilder v4 lays it out after
 * `kubebuilder create webhook --conversion` with the [WEBHOOK] and [CERTMANAGER] sections
 * enabled: the CRD's `spec.conversion` patch (the webhook Service's /convert), config/webhook (the
 * Service on the manager's port 9443), config/certmanager (a self-signed Issuer and the serving
 * Certificate whose Secret the manager mounts), and config/default wiring them with cert-manager's
 * CA injection into the CRD. Names come from the checked facts (plural, group, project name).
 */
import type { ProjectFacts } from './facts';
import { ScaffoldError } from './errors';

function edit(text: string, path: string, from: string, to: string): string {
  if (!text.includes(from))
    throw new ScaffoldError(`${path} no longer has ${JSON.stringify(from)} to enable the webhook`);
  return text.replace(from, to);
}

/** One cert-manager replacement: a source field into a target's field, at a delimiter's index. */
function replacement(source: string, target: string, fieldPaths: string[], delimiter: string, index: number): string {
  return `- source:
${source}
  targets:
  - select:
${target}
    fieldPaths:
${fieldPaths.map((p) => `    - ${p}`).join('\n')}
    options:
      delimiter: '${delimiter}'
      index: ${index}
      create: true`;
}

export function withConversionConfig(f: ProjectFacts, files: [string, string][]): [string, string][] {
  const p = f.projectName;
  const labels = `    app.kubernetes.io/name: ${p}\n    app.kubernetes.io/managed-by: kustomize`;
  const crdName = `${f.plural}.${f.fullGroup}`;
  const patch = `patches/webhook_in_${f.plural}.yaml`;
  const out = files.map(([path, text]): [string, string] => {
    if (path === 'config/crd/kustomization.yaml') {
      let t = edit(
        text,
        path,
        '# +kubebuilder:scaffold:crdkustomizewebhookpatch',
        `- path: ${patch}\n# +kubebuilder:scaffold:crdkustomizewebhookpatch`,
      );
      t = edit(t, path, '#configurations:\n#- kustomizeconfig.yaml', 'configurations:\n- kustomizeconfig.yaml');
      return [path, t];
    }
    if (path === 'config/default/kustomization.yaml') {
      let t = edit(
        text,
        path,
        '- ../manager\n',
        `- ../manager
# [WEBHOOK] The conversion webhook's Service (the manager serves /convert on :9443).
- ../webhook
# [CERTMANAGER] The webhook's serving certificate, issued by cert-manager.
- ../certmanager
`,
      );
      const service = `    kind: Service
    version: v1
    name: webhook-service`;
      const certificate = `    kind: Certificate
    group: cert-manager.io
    version: v1
    name: serving-cert`;
      const certTarget = `      kind: Certificate
      group: cert-manager.io
      version: v1
      name: serving-cert`;
      const crdTarget = `      kind: CustomResourceDefinition
      name: ${crdName}`;
      t = edit(
        t,
        path,
        'patches:\n',
        `patches:
# [WEBHOOK] The manager mounts the serving certificate and listens for the conversion webhook.
- path: manager_webhook_patch.yaml
  target:
    kind: Deployment
`,
      );
      t += `
# [CERTMANAGER] The serving certificate's DNS names from the webhook Service, and cert-manager's
# CA injection into the CRD's conversion webhook (the cert-manager.io/inject-ca-from annotation).
replacements:
${[
  replacement(
    `${service}\n    fieldPath: .metadata.name`,
    certTarget,
    ['.spec.dnsNames.0', '.spec.dnsNames.1'],
    '.',
    0,
  ),
  replacement(
    `${service}\n    fieldPath: .metadata.namespace`,
    certTarget,
    ['.spec.dnsNames.0', '.spec.dnsNames.1'],
    '.',
    1,
  ),
  replacement(
    `${certificate}\n    fieldPath: .metadata.namespace`,
    crdTarget,
    ['.metadata.annotations.[cert-manager.io/inject-ca-from]'],
    '/',
    0,
  ),
  replacement(
    `${certificate}\n    fieldPath: .metadata.name`,
    crdTarget,
    ['.metadata.annotations.[cert-manager.io/inject-ca-from]'],
    '/',
    1,
  ),
].join('\n')}
`;
      return [path, t];
    }
    return [path, text];
  });
  out.push(
    [
      `config/crd/${patch}`,
      `# The following patch enables a conversion webhook for the CRD
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${crdName}
spec:
  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          namespace: system
          name: webhook-service
          path: /convert
      conversionReviewVersions:
      - v1
`,
    ],
    [
      'config/default/manager_webhook_patch.yaml',
      `# This patch mounts the webhook's serving certificate in the manager container and opens its port.
- op: add
  path: /spec/template/spec/containers/0/args/-
  value: --webhook-cert-path=/tmp/k8s-webhook-server/serving-certs
- op: add
  path: /spec/template/spec/containers/0/volumeMounts/-
  value:
    mountPath: /tmp/k8s-webhook-server/serving-certs
    name: webhook-certs
    readOnly: true
- op: add
  path: /spec/template/spec/containers/0/ports/-
  value:
    containerPort: 9443
    name: webhook-server
    protocol: TCP
- op: add
  path: /spec/template/spec/volumes/-
  value:
    name: webhook-certs
    secret:
      secretName: webhook-server-cert
`,
    ],
    ['config/webhook/kustomization.yaml', 'resources:\n- service.yaml\n\nconfigurations:\n- kustomizeconfig.yaml\n'],
    [
      'config/webhook/kustomizeconfig.yaml',
      `# the following config is for teaching kustomize where to look at when substituting nameReference.
# It requires kustomize v2.1.0 or newer to work properly.
nameReference:
- kind: Service
  version: v1
  fieldSpecs:
  - kind: MutatingWebhookConfiguration
    group: admissionregistration.k8s.io
    path: webhooks/clientConfig/service/name
  - kind: ValidatingWebhookConfiguration
    group: admissionregistration.k8s.io
    path: webhooks/clientConfig/service/name

namespace:
- kind: MutatingWebhookConfiguration
  group: admissionregistration.k8s.io
  path: webhooks/clientConfig/service/namespace
  create: true
- kind: ValidatingWebhookConfiguration
  group: admissionregistration.k8s.io
  path: webhooks/clientConfig/service/namespace
  create: true
`,
    ],
    [
      'config/webhook/service.yaml',
      `apiVersion: v1
kind: Service
metadata:
  labels:
${labels}
  name: webhook-service
  namespace: system
spec:
  ports:
  - port: 443
    protocol: TCP
    targetPort: 9443
  selector:
    control-plane: controller-manager
    app.kubernetes.io/name: ${p}
`,
    ],
    [
      'config/certmanager/issuer.yaml',
      `# The following manifest contains a self-signed issuer CR.
# More information can be found at https://docs.cert-manager.io
apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
  labels:
${labels}
  name: selfsigned-issuer
  namespace: system
spec:
  selfSigned: {}
`,
    ],
    [
      'config/certmanager/certificate-webhook.yaml',
      `# The webhook's serving certificate, issued by the self-signed issuer.
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  labels:
${labels}
  name: serving-cert
  namespace: system
spec:
  # SERVICE_NAME and SERVICE_NAMESPACE are substituted by the replacements in
  # config/default/kustomization.yaml.
  dnsNames:
  - SERVICE_NAME.SERVICE_NAMESPACE.svc
  - SERVICE_NAME.SERVICE_NAMESPACE.svc.cluster.local
  issuerRef:
    kind: Issuer
    name: selfsigned-issuer
  secretName: webhook-server-cert
`,
    ],
    [
      'config/certmanager/kustomization.yaml',
      'resources:\n- issuer.yaml\n- certificate-webhook.yaml\n\nconfigurations:\n- kustomizeconfig.yaml\n',
    ],
    [
      'config/certmanager/kustomizeconfig.yaml',
      `# This configuration is for teaching kustomize how to update name ref substitution
nameReference:
- kind: Issuer
  group: cert-manager.io
  fieldSpecs:
  - kind: Certificate
    group: cert-manager.io
    path: spec/issuerRef/name
`,
    ],
  );
  return out;
}
