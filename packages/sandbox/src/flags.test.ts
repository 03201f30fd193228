import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiserverArgs, controllerManagerArgs, etcdArgs, kwokArgs, schedulerArgs, type FlagInputs } from './flags';
import { pkiPaths } from './pki';
import { profile } from './profiles';

const inputs = (name: 'dev' | 'test'): FlagInputs => ({
  profile: profile(name, { OPSTUDIO_DATA_DIR: '/d' }),
  pki: pkiPaths('/d/pki'),
  kubeconfig: '/d/kubeconfig',
  etcdDataDir: '/d/etcd',
  kwokConfig: '/d/kwok.yaml',
  podLogsDir: '/d/pod-logs',
});

const flag = (args: string[], name: string): string | undefined =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

test('every component of the test profile listens on its own 127.0.0.1 port', () => {
  const f = inputs('test');
  assert.equal(flag(etcdArgs(f), 'listen-client-urls'), 'https://127.0.0.1:12379');
  assert.equal(flag(etcdArgs(f), 'listen-peer-urls'), 'https://127.0.0.1:12380');
  assert.equal(flag(apiserverArgs(f), 'secure-port'), '16443');
  assert.equal(flag(apiserverArgs(f), 'etcd-servers'), 'https://127.0.0.1:12379');
  assert.equal(flag(controllerManagerArgs(f), 'secure-port'), '20257');
  assert.equal(flag(schedulerArgs(f), 'secure-port'), '20259');
  assert.equal(flag(kwokArgs(f), 'server-address'), '127.0.0.1:20247');
  assert.equal(flag(kwokArgs(f), 'node-port'), '20247');
  for (const args of [apiserverArgs(f), controllerManagerArgs(f), schedulerArgs(f)])
    assert.equal(flag(args, 'bind-address'), '127.0.0.1');
  const all = [etcdArgs, apiserverArgs, controllerManagerArgs, schedulerArgs, kwokArgs]
    .flatMap((fn) => fn(f))
    .join(' ');
  assert.doesNotMatch(all, /0\.0\.0\.0/);
});

test('the API server gets the certificates, the service-account keys and RBAC', () => {
  const a = apiserverArgs(inputs('dev'));
  assert.equal(flag(a, 'client-ca-file'), '/d/pki/ca.crt');
  assert.equal(flag(a, 'tls-cert-file'), '/d/pki/apiserver.crt');
  assert.equal(flag(a, 'service-account-key-file'), '/d/pki/sa.pub');
  assert.equal(flag(a, 'service-account-signing-key-file'), '/d/pki/sa.key');
  assert.equal(flag(a, 'service-cluster-ip-range'), '10.96.0.0/16');
  assert.match(flag(a, 'authorization-mode') ?? '', /RBAC/);
});

test('etcd serves TLS to clients and peers that present a certificate of its own CA; the API server has one', () => {
  const f = inputs('dev');
  const e = etcdArgs(f);
  for (const url of ['listen-client-urls', 'advertise-client-urls', 'listen-peer-urls', 'initial-advertise-peer-urls'])
    assert.match(flag(e, url) ?? '', /^https:\/\/127\.0\.0\.1:/, url);
  assert.ok(e.includes('--client-cert-auth'), 'a client without a certificate is refused');
  assert.ok(e.includes('--peer-client-cert-auth'));
  assert.equal(flag(e, 'cert-file'), '/d/pki/etcd/server.crt');
  assert.equal(flag(e, 'key-file'), '/d/pki/etcd/server.key');
  assert.equal(flag(e, 'trusted-ca-file'), '/d/pki/etcd/ca.crt', "etcd's own CA, not the cluster's");
  assert.equal(flag(e, 'peer-cert-file'), '/d/pki/etcd/peer.crt');
  assert.equal(flag(e, 'peer-trusted-ca-file'), '/d/pki/etcd/ca.crt');
  assert.doesNotMatch(e.join(' '), /http:\/\//, 'no plain-HTTP listener');

  const a = apiserverArgs(f);
  assert.equal(flag(a, 'etcd-servers'), 'https://127.0.0.1:2379');
  assert.equal(flag(a, 'etcd-cafile'), '/d/pki/etcd/ca.crt');
  assert.equal(flag(a, 'etcd-certfile'), '/d/pki/etcd/apiserver-etcd-client.crt');
  assert.equal(flag(a, 'etcd-keyfile'), '/d/pki/etcd/apiserver-etcd-client.key');
});

test('single-instance components skip leader election; etcd skips fsync', () => {
  const f = inputs('dev');
  assert.equal(flag(controllerManagerArgs(f), 'leader-elect'), 'false');
  assert.equal(flag(schedulerArgs(f), 'leader-elect'), 'false');
  assert.ok(etcdArgs(f).includes('--unsafe-no-fsync'));
  assert.equal(flag(kwokArgs(f), 'manage-nodes-with-annotation-selector'), 'kwok.x-k8s.io/node=fake');
});

test('fake nodes heartbeat through Leases and are not declared NotReady for a late heartbeat', () => {
  const f = inputs('test');
  assert.equal(
    flag(kwokArgs(f), 'node-lease-duration-seconds'),
    '40',
    'without it kwok renews no Lease and nodes flap NotReady every ~50 s',
  );
  const grace = flag(controllerManagerArgs(f), 'node-monitor-grace-period') ?? '';
  assert.match(grace, /^\d+m$/);
  assert.ok(
    Number(grace.slice(0, -1)) * 60 > 60 + 40,
    'longer than a one-minute API server outage plus a lease period',
  );
});

test('the cluster serves its own storage migrator: the gate on both, the API group on the API server', () => {
  const f = inputs('test');
  assert.equal(flag(apiserverArgs(f), 'feature-gates'), 'StorageVersionMigrator=true');
  assert.equal(flag(apiserverArgs(f), 'runtime-config'), 'storagemigration.k8s.io/v1beta1=true');
  assert.equal(flag(controllerManagerArgs(f), 'feature-gates'), 'StorageVersionMigrator=true');
  assert.equal(flag(controllerManagerArgs(f), 'controllers'), '*');
});
