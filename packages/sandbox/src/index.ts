// @opstudio/sandbox: a real local Kubernetes control plane for development and tests.
//
// etcd, kube-apiserver, kube-controller-manager, kube-scheduler and kubectl are built from the Go
// wrapper modules in ../go (pinned in versions.ts) into a cache outside the clone; kwok fakes three
// nodes so scheduled pods become Running with IPs. Everything listens on 127.0.0.1.
//
//   await ensureBinaries({ onProgress: console.log });          // builds once per pinned version
//   const { kubeconfigPath } = await up({ profile: 'test' });    // idempotent; all-or-nothing
//   await down({ profile: 'test' });                              // keeps data until reset()
//   await stopComponent('kube-apiserver', { profile: 'dev' });    // fault injection (tests only)
//   await startComponent('kube-apiserver', { profile: 'dev' });
//   await ensureImageBases();   // the container-image test's Debian bases with this machine's Node
export { ensureBinaries, SandboxBuildError, type EnsureBinariesResult, type Progress } from './build';
export {
  down,
  kubeconfigPath,
  reset,
  SandboxError,
  status,
  up,
  type ComponentStatus,
  type SandboxInfo,
  type SandboxStatus,
  type UpOptions,
} from './cluster';
export { startComponent, stopComponent, type ComponentOptions } from './faults';
export { COMPONENT_NAMES, type ComponentName } from './components';
export { findGo, GoToolchainError } from './go-toolchain';
export { acquireLock } from './lock';
export { ensureHelm, HELM_VERSION, helmPath } from './helm';
export { ensureGolangciLint, GOLANGCI_LINT_VERSION, golangciLintPath } from './golangci-lint';
export { ensureKro, KRO_VERSION, kroCrds, kroPath } from './kro';
export { ensureImageBases, run as runCommand, type ImageBases } from './image-base';
export { NODE_COUNT } from './kwok-config';
export {
  customProfile,
  dataRoot,
  parseProfileName,
  profile,
  PROFILE_NAMES,
  PROFILE_PORTS,
  repoRoot,
  type ProfileInput,
  type ProfileName,
  type SandboxProfile,
} from './profiles';
export { binDir, binaryPath, cacheRoot, PINS } from './versions';
