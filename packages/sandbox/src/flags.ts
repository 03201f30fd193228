// Command lines of the control-plane components: pure functions of the profile and file layout,
// so they are unit-tested and the cluster code only starts what these return.
import type { PkiFile } from './pki';
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
}

const LOOPBACK = '127.0.0.1';

export function etcdArgs({ profile, etcdDataDir }: FlagInputs): string[] {
  const client = `http://${LOOPBACK}:${profile.ports.etcdClient}`;
  const peer = `http://${LOOPBACK}:${profile.ports.etcdPeer}`;
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
    // A throw-away dev cluster: durability is not worth the fsync latency.
    '--unsafe-no-fsync',
    '--log-level=warn',
  ];
}

export function apiserverArgs({ profile, pki }: FlagInputs): string[] {
  return [
    `--etcd-servers=http://${LOOPBACK}:${profile.ports.etcdClient}`,
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

export function kwokArgs({ kubeconfig, kwokConfig }: FlagInputs): string[] {
  return [
    `--kubeconfig=${kubeconfig}`,
    `--config=${kwokConfig}`,
    // Only the nodes the sandbox creates (annotated), never anything else.
    '--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake',
    `--cidr=${KWOK_FALLBACK_CIDR}`,
    // No --server-address: kwok v0.8.0's server start-up races its stage engine (a fatal
    // "concurrent map writes" in easycel, seen here on 2 cores), and nothing needs its fake
    // kubelet endpoints. The profile's kwok port stays reserved for when it does.
  ];
}
