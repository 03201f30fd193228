import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { binDir, cacheKey, goBuildArgs, goDirective, ldflags, moduleDir, moduleStamp, PINS } from './versions';

test('the cache folder is keyed by every pin and can be moved with OPSTUDIO_CACHE_DIR', () => {
  assert.equal(cacheKey(), 'k8s-v1.36.3-etcd-v3.6.16-kwok-v0.8.0');
  assert.equal(cacheKey({ ...PINS, etcd: '3.6.17' }), 'k8s-v1.36.3-etcd-v3.6.17-kwok-v0.8.0');
  assert.equal(binDir({ OPSTUDIO_CACHE_DIR: '/tmp/c' }), '/tmp/c/k8s-v1.36.3-etcd-v3.6.16-kwok-v0.8.0/bin');
  assert.match(
    binDir({ HOME: '/home/u' }),
    /\.cache\/operator-studio\/k8s-v1\.36\.3-etcd-v3\.6\.16-kwok-v0\.8\.0\/bin$/,
  );
});

test('kube is built with the version stamped in, in one go build for all four binaries', () => {
  const args = goBuildArgs('kube', '/out');
  assert.deepEqual(args.slice(0, 3), ['build', '-trimpath', '-ldflags']);
  assert.equal(args[4], '-o');
  assert.equal(args[5], '/out/');
  assert.equal(args.filter((a) => a.startsWith('k8s.io/kubernetes/cmd/')).length, 4);
  // Must match the documented build command byte for byte, or Go's build cache is not reused.
  assert.equal(
    ldflags('kube'),
    '-s -w -X k8s.io/component-base/version.gitVersion=v1.36.3 -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=36 -X k8s.io/component-base/version.gitTreeState=clean -X k8s.io/component-base/version.buildDate=1970-01-01T00:00:00Z -X k8s.io/client-go/pkg/version.gitVersion=v1.36.3 -X k8s.io/client-go/pkg/version.gitMajor=1 -X k8s.io/client-go/pkg/version.gitMinor=36',
  );
  assert.deepEqual(goBuildArgs('etcd', '/out'), [
    'build',
    '-trimpath',
    '-ldflags',
    '-s -w',
    '-o',
    '/out/etcd',
    'go.etcd.io/etcd/server/v3',
  ]);
});

test('the stamp changes when go.mod or go.sum is edited', () => {
  const a = moduleStamp('module x\nrequire k8s.io/kubernetes v1.36.3\n', 'sum', 'kube');
  assert.equal(a, moduleStamp('module x\nrequire k8s.io/kubernetes v1.36.3\n', 'sum', 'kube'));
  assert.notEqual(a, moduleStamp('module x\nrequire k8s.io/kubernetes v1.36.4\n', 'sum', 'kube'));
  assert.notEqual(a, moduleStamp('module x\nrequire k8s.io/kubernetes v1.36.3\n', 'sum2', 'kube'));
  assert.notEqual(a, moduleStamp('module x\nrequire k8s.io/kubernetes v1.36.3\n', 'sum', 'etcd'));
});

test('goDirective reads the minimum Go version of a go.mod', () => {
  assert.equal(goDirective('module x\n\ngo 1.26.0\n\nrequire y v1\n'), '1.26.0');
  assert.equal(goDirective('module x\ngo 1.25\n'), '1.25');
  assert.equal(goDirective('module x\n'), undefined);
});

test('the pins agree with what the Go wrapper modules require', () => {
  const goMod = (m: 'kube' | 'etcd' | 'kwok'): string => readFileSync(join(moduleDir(m), 'go.mod'), 'utf8');
  assert.match(
    goMod('kube'),
    new RegExp(`^require k8s\\.io/kubernetes v${PINS.kubernetes.replaceAll('.', '\\.')}$`, 'm'),
  );
  assert.match(
    goMod('kube'),
    new RegExp(`k8s\\.io/api => k8s\\.io/api v0\\.${PINS.kubernetes.split('.').slice(1).join('\\.')}$`, 'm'),
  );
  assert.match(goMod('etcd'), new RegExp(`go\\.etcd\\.io/etcd/server/v3 v${PINS.etcd.replaceAll('.', '\\.')}\\b`));
  assert.match(goMod('kwok'), new RegExp(`sigs\\.k8s\\.io/kwok v${PINS.kwok.replaceAll('.', '\\.')}\\b`));
});
