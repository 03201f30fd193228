/**
 * Test and bench fixture: issue 14's Web app as a resource graph (Deployment + Service +
 * ConfigMap; an Ingress only when spec.host is set; a PodDisruptionBudget only when
 * spec.replicas > 1; status.url and status.readyReplicas) and a Website custom resource.
 */
import type { KubeObject, ResourceGraph } from '../graph/model';

const selector = { 'app.kubernetes.io/instance': '${self.metadata.name}', 'app.kubernetes.io/name': 'web' };

export const WEBAPP_GRAPH: ResourceGraph = {
  resources: [
    {
      id: 'config',
      template: { apiVersion: 'v1', kind: 'ConfigMap', data: { GREETING: 'hello from ${self.metadata.name}' } },
    },
    {
      id: 'deployment',
      readyWhen: 'deployment.status.?readyReplicas.orValue(0) == self.spec.replicas',
      template: {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        spec: {
          replicas: '${self.spec.replicas}',
          selector: { matchLabels: selector },
          template: {
            metadata: { labels: selector },
            spec: {
              containers: [
                {
                  name: 'web',
                  image: '${self.spec.image}',
                  ports: [{ containerPort: '${self.spec.port}' }],
                  envFrom: [{ configMapRef: { name: '${config.metadata.name}' } }],
                },
              ],
            },
          },
        },
      },
    },
    {
      id: 'service',
      template: {
        apiVersion: 'v1',
        kind: 'Service',
        spec: { selector, ports: [{ port: 80, targetPort: '${self.spec.port}' }] },
      },
    },
    {
      id: 'ingress',
      includeWhen: "has(self.spec.host) && self.spec.host != ''",
      template: {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        spec: {
          rules: [
            {
              host: '${self.spec.host}',
              http: {
                paths: [
                  {
                    path: '/',
                    pathType: 'Prefix',
                    backend: { service: { name: '${service.metadata.name}', port: { number: 80 } } },
                  },
                ],
              },
            },
          ],
        },
      },
    },
    {
      id: 'pdb',
      includeWhen: 'self.spec.replicas > 1',
      template: {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        spec: { minAvailable: 1, selector: { matchLabels: selector } },
      },
    },
  ],
  status: {
    url: "${'http://' + service.metadata.name + ':80'}",
    readyReplicas: '${deployment.status.readyReplicas}',
  },
};

export function website(spec: { replicas: number; host?: string }): KubeObject {
  return {
    apiVersion: 'demo.example.com/v1',
    kind: 'Website',
    metadata: { name: 'site', namespace: 'web', uid: 'uid-1', generation: 2 },
    spec: { image: 'httpd:2.4', port: 8080, ...spec },
  };
}
