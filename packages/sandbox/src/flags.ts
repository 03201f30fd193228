// Command lines of the control-plane components: pure functions of the profile and file layout,
// so they are unit-tested and the cluster code only starts what these return.
import type { PkiFile } from './pki';
import { podLogWriterScript } from './pod-logs';
import type { SandboxProfile } from './profiles';

export const SERVICE_CIDR = '10.96.0.0/16';
/** Fallback pool for pods on a node without spec.podCIDR (the nodes we create all have one). */
export const KWOK_FALLBACK_CIDR = '10.244.252.0/22';

export interface FlagInputs {
  profile: SandboxProfile;
  pki: Record<PkiFile, string>;
  kubeconfig: string;
  etcdDataDir: string;
  kwokConfig: string;
  podLogsDir: string;
}

const LOOPBACK = '127.0.0.1';
/** The node Lease kwok renews (every 10 s), as a kubelet's default. */
const NODE_LEASE_SECONDS = 40;
/** How long kube-controller-manager waits for a node heartbeat before marking the node NotReady. */
const NODE_MONITOR_GRACE = '5m';
/**
 * The cluster's own storage migrator (`storagemigration.k8s.io/v1beta1`, beta and off by default
 * in 1.36): the API server serves the API only with the gate and the group version enabled, and
 * kube-controller-manager's `storage-version-migrator-controller` (in `--controllers=*`, not
 * disabled by default) starts only with the gate (docs/design/0054).
 */
const STORAGE_VERSION_MIGRATOR_GATE = '--feature-gates=StorageVersionMigrator=true';

/** etcd's client URL: TLS, and etcd refuses a client without a certificate its own CA signed. */
export function etcdClientUrl(profile: SandboxProfile): string {
  return `https://${LOOPBACK}:${profile.ports.etcdClient}`;
}

export function etcdArgs({ profile, pki, etcdDataDir }: FlagInputs): string[] {
  const client = etcdClientUrl(profile);
  const peer = `https://${LOOPBACK}:${profile.ports.etcdPeer}`;
  const name = `opstudio-${profile.name}`;
  return [
    `--name=${name}`,
    `--data-dir=${etcdDataDir}`,
    `--listen-client-urls=${client}`,
    `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`,
    `--initial-advertise-peer-urls=${peer}`,
    `--initial-cluster=${name}=${peer}`,
    '--initial-cluster-state=new',
    // Any local process (or a web page: etcd answers CORS simple requests) could otherwise read
    // every Secret and write any object. A client must present a certificate of etcd's own CA,
    // which only the API server's (and the sandbox's health probe's) is.
    `--cert-file=${pki['etcd/server.crt']}`,
    `--key-file=${pki['etcd/server.key']}`,
    '--client-cert-auth',
    `--trusted-ca-file=${pki['etcd/ca.crt']}`,
    // The peer port of this one-member cluster listens too; the same rule costs nothing there.
    `--peer-cert-file=${pki['etcd/peer.crt']}`,
    `--peer-key-file=${pki['etcd/peer.key']}`,
    '--peer-client-cert-auth',
    `--peer-trusted-ca-file=${pki['etcd/ca.crt']}`,
    // A throw-away dev cluster: durability is not worth the fsync latency.
    '--unsafe-no-fsync',
    '--log-level=warn',
  ];
}

export function apiserverArgs({ profile, pki }: FlagInputs): string[] {
  return [
    `--etcd-servers=${etcdClientUrl(profile)}`,
    `--etcd-cafile=${pki['etcd/ca.crt']}`,
    `--etcd-certfile=${pki['etcd/apiserver-etcd-client.crt']}`,
    `--etcd-keyfile=${pki['etcd/apiserver-etcd-client.key']}`,
    `--etcd-prefix=/registry`,
    `--secure-port=${profile.ports.apiserver}`,
    `--bind-address=${LOOPBACK}`,
    `--advertise-address=${LOOPBACK}`,
    `--tls-cert-file=${pki['apiserver.crt']}`,
    `--tls-private-key-file=${pki['apiserver.key']}`,
    `--client-ca-file=${pki['ca.crt']}`,
    // Without a request-header CA every component logs "missing content for CA bundle" forever.
    `--requestheader-client-ca-file=${pki['ca.crt']}`,
    '--requestheader-allowed-names=front-proxy-client',
    '--requestheader-username-headers=X-Remote-User',
    '--requestheader-group-headers=X-Remote-Group',
    '--requestheader-extra-headers-prefix=X-Remote-Extra-',
    `--service-cluster-ip-range=${SERVICE_CIDR}`,
    '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
    `--service-account-key-file=${pki['sa.pub']}`,
    `--service-account-signing-key-file=${pki['sa.key']}`,
    '--authorization-mode=Node,RBAC',
    '--allow-privileged=true',
    // Endpoints may not hold loopback addresses, and nothing in the sandbox dials the service IP.
    '--endpoint-reconciler-type=none',
    // `pods/log` and `exec` go to the node's kubelet: kwok's server on 127.0.0.1, named by the
    // InternalDNS address the sandbox gives each node (its InternalIP is a never-dialled fake).
    // No --kubelet-certificate-authority: kwok serves a self-signed certificate, and without a CA
    // the API server does not verify it. Acceptable for a loopback-only sandbox, never elsewhere.
    '--kubelet-preferred-address-types=InternalDNS,InternalIP,Hostname',
    STORAGE_VERSION_MIGRATOR_GATE,
    '--runtime-config=storagemigration.k8s.io/v1beta1=true',
    '--profiling=false',
  ];
}

export function controllerManagerArgs({ profile, pki, kubeconfig }: FlagInputs): string[] {
  return [
    `--kubeconfig=${kubeconfig}`,
    `--authentication-kubeconfig=${kubeconfig}`,
    `--authorization-kubeconfig=${kubeconfig}`,
    `--secure-port=${profile.ports.controllerManager}`,
    `--bind-address=${LOOPBACK}`,
    '--leader-elect=false',
    '--controllers=*',
    `--service-account-private-key-file=${pki['sa.key']}`,
    `--root-ca-file=${pki['ca.crt']}`,
    `--cluster-signing-cert-file=${pki['ca.crt']}`,
    `--cluster-signing-key-file=${pki['ca.key']}`,
    `--service-cluster-ip-range=${SERVICE_CIDR}`,
    // Nodes get their pod CIDRs when we create them; the IPAM controller must not try to.
    '--allocate-node-cidrs=false',
    // kwok renews each node's Lease every 10 s (see kwokArgs). On 2 busy cores, or while a
    // fault-injection test stops the API server for a minute, a renewal can be late; the default
    // 50 s grace would then mark the node NotReady, and that marks every pod on it NotReady too
    // (the node lifecycle controller), which is what made Deployments lose ready replicas in
    // tests. Fake nodes never really fail, so wait long before believing they did.
    `--node-monitor-grace-period=${NODE_MONITOR_GRACE}`,
    // The default 20 qps / burst 30 throttles the Deployment and ReplicaSet controllers when a
    // benchmark creates 200 Deployments at once (each needs a ReplicaSet, a pod and status writes).
    '--kube-api-qps=200',
    '--kube-api-burst=400',
    // claims of the default StorageClass get a hostPath volume (storage.ts)
    '--enable-hostpath-provisioner=true',
    STORAGE_VERSION_MIGRATOR_GATE,
    '--profiling=false',
  ];
}

export function schedulerArgs({ profile, kubeconfig }: FlagInputs): string[] {
  return [
    `--kubeconfig=${kubeconfig}`,
    `--authentication-kubeconfig=${kubeconfig}`,
    `--authorization-kubeconfig=${kubeconfig}`,
    `--secure-port=${profile.ports.scheduler}`,
    `--bind-address=${LOOPBACK}`,
    '--leader-elect=false',
    '--profiling=false',
  ];
}

export function kwokArgs({ profile, kubeconfig, kwokConfig }: FlagInputs): string[] {
  return [
    `--kubeconfig=${kubeconfig}`,
    `--config=${kwokConfig}`,
    // Only the nodes the sandbox creates (annotated), never anything else.
    '--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake',
    `--cidr=${KWOK_FALLBACK_CIDR}`,
    // kwok keeps node Leases (kube-node-lease) only when this is set, renewing each at a quarter
    // of it, as a kubelet does. Without it nothing heartbeats between the status Stage's rare
    // refreshes, and the node lifecycle controller marked the nodes NotReady every ~50 s.
    `--node-lease-duration-seconds=${NODE_LEASE_SECONDS}`,
    // The fake kubelet endpoints (logs, exec) on the profile's kwok port, HTTPS with a
    // self-signed certificate and plain HTTP on the same port. kwok v0.8.0's server start-up can
    // race its stage engine (a fatal "concurrent map writes" in easycel, seen on 2 cores): `up`
    // restarts kwok when it exits during start-up.
    `--server-address=${LOOPBACK}:${profile.ports.kwok}`,
    // what the node-ready Stage would publish as status.daemonEndpoints (`NodePort`)
    `--node-port=${profile.ports.kwok}`,
  ];
}

/** The pod log writer (pod-logs.ts), run by node itself: `node -e <script>`. */
export function podLogWriterArgs({ podLogsDir }: FlagInputs): string[] {
  return ['-e', podLogWriterScript(podLogsDir)];
}
