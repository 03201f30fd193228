// What kwok plays: the Stages that make our fake nodes Ready and scheduled pods Running with IPs,
// and the Node objects the sandbox creates (kwok manages nodes, it does not create them).
import { stringify } from 'yaml';
import { clusterLogs } from './pod-logs';

export const NODE_COUNT = 3;
// 1,020 pods a node (the /22 below holds 1,022): the replicated-store bench's 1,000 CRs of 3
// replicas Available at once, with its warm-up CR (bench/replicated-store.bench.ts --milestone
// available); kwok's pods cost nothing but API objects
export const PODS_PER_NODE = 1020;
export const KWOK_NODE_ANNOTATION = { key: 'kwok.x-k8s.io/node', value: 'fake' } as const;

export function nodeName(i: number): string {
  return `kwok-node-${i}`;
}

/** Node i gets 10.244.(4i).0/22: 1022 pod IPs, room for its 1,020 pods. */
export function nodePodCidr(i: number): string {
  return `10.244.${i * 4}.0/22`;
}

const NODE_RESOURCES = { cpu: '32', memory: '256Gi', pods: String(PODS_PER_NODE), 'ephemeral-storage': '1Ti' };

export function nodeManifest(i: number): Record<string, unknown> {
  const name = nodeName(i);
  const resources = NODE_RESOURCES;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      annotations: { [KWOK_NODE_ANNOTATION.key]: KWOK_NODE_ANNOTATION.value, 'node.alpha.kubernetes.io/ttl': '0' },
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        type: 'kwok',
      },
    },
    spec: { podCIDR: nodePodCidr(i), podCIDRs: [nodePodCidr(i)] },
    status: {
      capacity: resources,
      allocatable: resources,
      addresses: nodeAddresses(i),
    },
  };
}

/**
 * A node's addresses. The InternalIP is a fake from TEST-NET-2, never dialled, only shown as the
 * pods' hostIP; the API server reaches the node's kubelet (kwok's server) by its InternalDNS
 * name, which it prefers (see apiserverArgs).
 */
export function nodeAddresses(i: number) {
  return [
    { type: 'InternalIP', address: `198.51.100.${10 + i}` },
    { type: 'Hostname', address: nodeName(i) },
    { type: 'InternalDNS', address: 'localhost' },
  ];
}

/**
 * A merge patch of node i's status with its capacity, addresses and kubelet port: applied at every
 * start, so nodes an older sandbox created (and ports of another profile) are brought up to date.
 */
export function nodeKubeletStatusPatch(i: number, kwokPort: number) {
  return {
    status: {
      // on every `up`: a sandbox made before PODS_PER_NODE changed gets the new capacity too
      capacity: NODE_RESOURCES,
      allocatable: NODE_RESOURCES,
      addresses: nodeAddresses(i),
      daemonEndpoints: { kubeletEndpoint: { Port: kwokPort } },
    },
  };
}

const NODE_CONDITIONS_TEMPLATE = `conditions:
{{ range NodeConditions }}
- lastHeartbeatTime: {{ $now | Quote }}
  lastTransitionTime: {{ $since | Quote }}
  message: {{ .message | Quote }}
  reason: {{ .reason | Quote }}
  status: {{ .status | Quote }}
  type: {{ .type | Quote }}
{{ end }}`;

/** Pod conditions set True as of now (the template's `$now`), one list item per type. */
function trueConditionsTemplate(types: readonly string[]): string {
  return `{{ range list ${types.map((t) => `"${t}"`).join(' ')} }}
- lastTransitionTime: {{ $now | Quote }}
  status: "True"
  type: {{ . }}
{{ end }}`;
}

function stage(
  name: string,
  kind: 'Node' | 'Pod',
  selector: unknown[],
  next: Record<string, unknown>,
  delay?: [number, number],
) {
  return {
    apiVersion: 'kwok.x-k8s.io/v1alpha1',
    kind: 'Stage',
    metadata: { name },
    spec: {
      resourceRef: { apiGroup: 'v1', kind },
      selector: { matchExpressions: selector },
      ...(delay ? { delay: { durationMilliseconds: delay[0], jitterDurationMilliseconds: delay[1] } } : {}),
      next,
    },
  };
}

/**
 * Whether one of the pod's images is a tag that does not exist: `<anything>:does-not-exist`. No
 * registry answers on the sandbox, so kwok plays the kubelet that cannot pull it (a rollout's
 * canary with a bad image, docs/design/0055); every other image "pulls".
 */
export const MISSING_IMAGE_SUFFIX = ':does-not-exist';
const missingImage = (op: 'In' | 'NotIn') => ({
  key: `.spec.containers.[].image | endswith("${MISSING_IMAGE_SUFFIX}")`,
  operator: op,
  values: ['true'],
});

const readyStatus = (op: 'In' | 'NotIn') => ({
  key: '.status.conditions.[] | select( .type == "Ready" ) | .status',
  operator: op,
  values: ['True'],
});

export function kwokStages(): Record<string, unknown>[] {
  return [
    // A new (or restarted-and-stale) node: Ready, with the capacity and addresses we gave it.
    stage('opstudio-node-ready', 'Node', [readyStatus('NotIn')], {
      statusTemplate: `{{ $now := Now }}
{{ $since := $now }}
${NODE_CONDITIONS_TEMPLATE}
{{ with .status.addresses }}
addresses:
{{ YAML . 1 }}
{{ end }}
{{ with .status.capacity }}
capacity:
{{ YAML . 1 }}
{{ end }}
{{ with .status.allocatable }}
allocatable:
{{ YAML . 1 }}
{{ end }}
nodeInfo:
  architecture: amd64
  operatingSystem: linux
  kubeletVersion: {{ printf "kwok-%s" Version | Quote }}
  kubeProxyVersion: {{ printf "kwok-%s" Version | Quote }}
  containerRuntimeVersion: {{ printf "kwok-%s" Version | Quote }}
  kernelVersion: {{ printf "kwok-%s" Version | Quote }}
  osImage: kwok
  bootID: ""
  machineID: ""
  systemUUID: ""
phase: Running
`,
    }),
    // The node Lease (kwok renews it: --node-lease-duration-seconds in flags.ts) is the real
    // heartbeat; this refreshes the conditions now and then.
    stage(
      'opstudio-node-heartbeat',
      'Node',
      [{ key: '.status.phase', operator: 'In', values: ['Running'] }, readyStatus('In')],
      {
        statusTemplate: `{{ $now := Now }}
{{ $since := or .metadata.creationTimestamp $now }}
${NODE_CONDITIONS_TEMPLATE}
`,
      },
      [300_000, 300_000],
    ),
    // A scheduled pod: Running and Ready at once, with a pod IP from its node's podCIDR.
    stage(
      'opstudio-pod-running',
      'Pod',
      [
        { key: '.metadata.deletionTimestamp', operator: 'DoesNotExist' },
        { key: '.status.phase', operator: 'In', values: ['Pending'] },
        readyStatus('NotIn'),
        missingImage('NotIn'),
      ],
      {
        statusTemplate: `{{ $now := Now }}
conditions:
${trueConditionsTemplate(['PodScheduled', 'Initialized', 'Ready', 'ContainersReady', 'PodReadyToStartContainers'])}
{{ range .spec.readinessGates }}
- lastTransitionTime: {{ $now | Quote }}
  status: "True"
  type: {{ .conditionType | Quote }}
{{ end }}
containerStatuses:
{{ range .spec.containers }}
- name: {{ .name | Quote }}
  image: {{ .image | Quote }}
  imageID: {{ printf "kwok://%s" .image | Quote }}
  containerID: {{ printf "kwok://%s" .name | Quote }}
  ready: true
  started: true
  restartCount: 0
  state:
    running:
      startedAt: {{ $now | Quote }}
{{ end }}
{{ with .spec.initContainers }}
initContainerStatuses:
{{ range . }}
- name: {{ .name | Quote }}
  image: {{ .image | Quote }}
  ready: true
  restartCount: 0
  state:
    terminated:
      exitCode: 0
      reason: Completed
      startedAt: {{ $now | Quote }}
      finishedAt: {{ $now | Quote }}
{{ end }}
{{ end }}
{{ with NodeIPsWith .spec.nodeName }}
hostIP: {{ index . 0 | Quote }}
hostIPs:
{{ range . }}
- ip: {{ . | Quote }}
{{ end }}
{{ end }}
{{ with PodIPsWith .spec.nodeName ( or .spec.hostNetwork false ) ( or .metadata.uid "" ) ( or .metadata.name "" ) ( or .metadata.namespace "" ) }}
podIP: {{ index . 0 | Quote }}
podIPs:
{{ range . }}
- ip: {{ . | Quote }}
{{ end }}
{{ end }}
phase: Running
startTime: {{ $now | Quote }}
`,
      },
    ),
    // A scheduled pod whose image does not exist: Pending, its containers waiting in
    // ImagePullBackOff with the kubelet's words, as a real node reports a tag no registry has.
    stage(
      'opstudio-pod-image-missing',
      'Pod',
      [
        { key: '.metadata.deletionTimestamp', operator: 'DoesNotExist' },
        { key: '.status.phase', operator: 'In', values: ['Pending'] },
        { key: '.spec.nodeName', operator: 'Exists' },
        missingImage('In'),
        { key: '.status.containerStatuses.[].state.waiting.reason', operator: 'NotIn', values: ['ImagePullBackOff'] },
      ],
      {
        statusTemplate: `{{ $now := Now }}
conditions:
${trueConditionsTemplate(['PodScheduled', 'Initialized'])}
- lastTransitionTime: {{ $now | Quote }}
  status: "False"
  type: Ready
  reason: ContainersNotReady
  message: "containers with unready status"
containerStatuses:
{{ range .spec.containers }}
- name: {{ .name | Quote }}
  image: {{ .image | Quote }}
  imageID: ""
  ready: false
  started: false
  restartCount: 0
  state:
    waiting:
      reason: ImagePullBackOff
      message: {{ printf "Back-off pulling image \\"%s\\": not found" .image | Quote }}
{{ end }}
phase: Pending
`,
      },
    ),
    // A running pod that lost readiness without a kubelet saying so: the node lifecycle controller
    // marks every pod of a node it believes NotReady (a late node heartbeat under load, or the
    // API server stopped for a while). A kubelet would report the pod Ready again on its next
    // status sync; kwok's status patch is a strategic merge, so only these conditions change.
    stage(
      'opstudio-pod-ready-again',
      'Pod',
      [
        { key: '.metadata.deletionTimestamp', operator: 'DoesNotExist' },
        { key: '.status.phase', operator: 'In', values: ['Running'] },
        readyStatus('NotIn'),
      ],
      {
        statusTemplate: `{{ $now := Now }}
conditions:
${trueConditionsTemplate(['Ready', 'ContainersReady'])}
`,
      },
      // not at once: a pod the node lifecycle controller just marked stays NotReady for a moment,
      // as it would with a real kubelet, instead of flapping in the same second
      [1_000, 1_000],
    ),
    // Job pods finish right after they start running.
    stage(
      'opstudio-pod-job-complete',
      'Pod',
      [
        { key: '.metadata.deletionTimestamp', operator: 'DoesNotExist' },
        { key: '.status.phase', operator: 'In', values: ['Running'] },
        { key: '.metadata.ownerReferences.[].kind', operator: 'In', values: ['Job'] },
      ],
      {
        statusTemplate: `{{ $now := Now }}
containerStatuses:
{{ range .spec.containers }}
- name: {{ .name | Quote }}
  image: {{ .image | Quote }}
  ready: false
  started: false
  restartCount: 0
  state:
    terminated:
      exitCode: 0
      reason: Completed
      startedAt: {{ $now | Quote }}
      finishedAt: {{ $now | Quote }}
{{ end }}
phase: Succeeded
`,
      },
    ),
    // No kubelet: a deleted pod is removed at once instead of waiting for a graceful stop.
    stage('opstudio-pod-delete', 'Pod', [{ key: '.metadata.deletionTimestamp', operator: 'Exists' }], { delete: true }),
  ];
}

/** The kwok --config file: its Stages and the ClusterLogs rule, as a multi-document YAML. */
export function kwokConfigYaml(podLogsDir: string): string {
  return [...kwokStages(), clusterLogs(podLogsDir)].map((doc) => stringify(doc, { lineWidth: 0 })).join('---\n');
}
