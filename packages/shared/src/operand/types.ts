/**
 * The few Kubernetes shapes the desired-state functions produce, as plain JSON types: shared
 * runs in the browser too, so it cannot import a Kubernetes client's classes.
 */

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller: boolean;
  blockOwnerDeletion: boolean;
}

export interface ObjectMeta {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  ownerReferences: OwnerReference[];
}

export interface ContainerPort {
  containerPort: number;
  name: string;
}

export interface Container {
  name: string;
  image: string;
  imagePullPolicy: 'IfNotPresent';
  command?: string[];
  ports?: ContainerPort[];
  securityContext: {
    runAsNonRoot: true;
    runAsUser?: number;
    allowPrivilegeEscalation: false;
    capabilities: { drop: string[] };
  };
}

export interface Deployment {
  apiVersion: 'apps/v1';
  kind: 'Deployment';
  metadata: ObjectMeta;
  spec: {
    replicas: number;
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        securityContext: { runAsNonRoot: true; seccompProfile: { type: 'RuntimeDefault' } };
        containers: Container[];
      };
    };
  };
}

/** metav1.Condition as it appears in a CR's status. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number;
  /** metav1.Time: RFC 3339, whole seconds. */
  lastTransitionTime: string;
  reason: string;
  message: string;
}
