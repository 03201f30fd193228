/**
 * Every `opstudio` command as data: main.ts prints its list, each command parses with its entry
 * (args.ts), and `opstudio completion` writes the shell scripts from the same entries. Data only:
 * main.ts loads this on every start, so it imports nothing heavy.
 */
import type { CommandSpec, FlagSpec } from './args';

export const OUTPUT_FORMATS = ['json', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `-o json|yaml`: machine-readable output instead of the table. */
export const OUTPUT: FlagSpec = {
  name: 'output',
  short: 'o',
  value: '<format>',
  choices: OUTPUT_FORMATS,
  help: 'print json or yaml instead of the table (docs/design/0028-cli.md)',
};

const KUBECONFIG: FlagSpec = { name: 'kubeconfig', value: '<file>', complete: 'file', help: 'the cluster' };
const CONTEXT: FlagSpec = { name: 'context', value: '<name>', help: 'the kubeconfig context' };
const PROFILES = ['dev', 'test', 'bench'] as const;
const DESIGN = { name: 'design.yaml', complete: 'file', help: 'a file, or - for stdin' } as const;
const OUT_DIR: FlagSpec = {
  name: 'output',
  short: 'o',
  value: '<dir>',
  complete: 'dir',
  help: 'write where a kubebuilder project keeps it',
};

export const GROUPS = ['cluster', 'designs', 'scripts'] as const;

export interface CommandEntry extends CommandSpec {
  readonly group: (typeof GROUPS)[number];
}

export const COMMAND_SPECS: readonly CommandEntry[] = [
  {
    group: 'cluster',
    name: 'sandbox',
    summary: 'the local Kubernetes sandbox',
    details: `  up          build the binaries if needed, start the cluster, wait for its nodes (idempotent)
  down        stop every sandbox process; data is kept
  status      show each component; exit 0 when running, 3 when not
  reset       down, then delete the sandbox's data (certificates, etcd, logs)
  kubeconfig  print the kubeconfig path (--print: its content)`,
    positionals: [{ name: 'command', choices: ['up', 'down', 'status', 'reset', 'kubeconfig'] }],
    flags: [
      { name: 'profile', value: '<profile>', choices: PROFILES, help: 'which sandbox (default dev)' },
      { name: 'print', help: 'kubeconfig: print the content, not the path' },
      { ...OUTPUT, help: 'status: print json or yaml' },
    ],
  },
  {
    group: 'cluster',
    name: 'kubectl',
    summary: 'kubectl pointed at the dev sandbox',
    positionals: [{ name: 'args', optional: true, variadic: true }],
    flags: [],
    passThrough: true,
  },
  {
    group: 'cluster',
    name: 'serve',
    summary: 'run the controller service (flags override the environment)',
    positionals: [],
    flags: [
      { name: 'host', value: '<host>', help: 'listen address' },
      { name: 'port', value: '<port>', help: 'listen port' },
      KUBECONFIG,
      CONTEXT,
      { name: 'auth', help: 'multi-user mode: sign-in, roles (required beyond loopback)' },
      { name: 'in-cluster', help: "the pod's ServiceAccount, not a kubeconfig" },
    ],
  },
  {
    group: 'cluster',
    name: 'get',
    summary: 'custom resources as a table with the CRD printer columns, or one of them',
    details: '  <kind>: plural, singular, short name or plural.group, like kubectl; without it, the kinds',
    positionals: [
      { name: 'kind', optional: true, complete: 'kind' },
      { name: 'name', optional: true },
    ],
    flags: [
      { name: 'namespace', short: 'n', value: '<ns>', help: 'only this namespace (default: all)' },
      { name: 'all-namespaces', short: 'A', help: 'every namespace (the default)' },
      {
        ...OUTPUT,
        choices: ['wide', ...OUTPUT_FORMATS],
        help: 'wide: every printer column; json|yaml: the objects',
      },
      KUBECONFIG,
      CONTEXT,
    ],
  },
  {
    group: 'cluster',
    name: 'history',
    summary: 'the reconcile timeline of one custom resource',
    details: '  <kind>/<name>, e.g. memcached/memcached-sample; --watch prints new runs until Ctrl-C',
    positionals: [{ name: 'kind/name', complete: 'kind' }],
    flags: [
      { name: 'namespace', short: 'n', value: '<ns>', help: 'its namespace (needed when the name is not unique)' },
      { name: 'watch', short: 'w', help: 'keep printing new runs until Ctrl-C' },
      { name: 'limit', value: '<n>', help: 'the newest n runs (default 50)' },
      OUTPUT,
      { ...KUBECONFIG, help: 'the cluster that resolves <kind> (without one, <kind> is the Kind)' },
      CONTEXT,
    ],
  },
  {
    group: 'cluster',
    name: 'install',
    summary: 'store the design, install its CRD',
    positionals: [DESIGN],
    flags: [
      { name: 'confirm-breaking', help: 'install even when the change breaks stored objects' },
      {
        name: 'confirm-permissions',
        help: "grant the controller's sensitive permissions (RBAC, Secrets, Namespaces, cluster-scoped writes)",
      },
      { name: 'name', value: '<name>', help: 'the stored design name (default: the CRD name)' },
      KUBECONFIG,
      CONTEXT,
    ],
  },
  {
    group: 'cluster',
    name: 'plan',
    summary: 'what installing the design would do to every live custom resource of its kind',
    details: `  refused (the new CRD refuses their next write or re-create), changed (children added, changed
  with a field diff, deleted; each dry-run as the design's identity), unchanged; with conversion
  rules, each resource through them to every version and back. Nothing is written.
  Exit 1 when a resource would be refused, a dry run failed or a resource does not round-trip
  (docs/design/0051)`,
    positionals: [DESIGN],
    flags: [OUTPUT, KUBECONFIG, CONTEXT],
  },
  {
    group: 'cluster',
    name: 'migrate',
    summary: 'the storage migration of a kind: where it stands, then each step',
    details: `  status   the step the migration stands at (the default)
  run      rewrite every object stored at an old version at the storage version, with a progress
           bar: by the cluster's own migrator where it serves storagemigration.k8s.io, else by
           the studio's pass of no-op writes, which resumes from the CRD's checkpoint
  trim     drop the migrated versions from status.storedVersions
  unserve  stop serving them; remove  remove them from the CRD
  Each step is refused until the one before it is done: exit 1 (docs/design/0054)`,
    positionals: [
      { name: 'kind', complete: 'kind' },
      { name: 'step', optional: true, choices: ['status', 'run', 'trim', 'unserve', 'remove'] },
    ],
    flags: [
      { name: 'rate', value: '<n>', help: 'run: objects rewritten per second at most (default 100)' },
      {
        name: 'migrator',
        value: '<who>',
        choices: ['auto', 'studio'],
        help: "run: auto (the cluster's migrator where served, the default) or studio (its own pass)",
      },
      { ...OUTPUT, help: 'print the status after the step as json or yaml' },
      KUBECONFIG,
      CONTEXT,
    ],
  },
  {
    group: 'cluster',
    name: 'uninstall',
    summary: 'remove the CRD installed from the design',
    positionals: [DESIGN],
    flags: [
      { name: 'delete-resources', help: 'delete its custom resources first' },
      { name: 'name', value: '<name>', help: 'the stored design name (default: the CRD name)' },
      KUBECONFIG,
      CONTEXT,
    ],
  },
  {
    group: 'cluster',
    name: 'admin',
    summary: 'local accounts for multi-user mode',
    details: `  create <name> [--role R]  password from stdin, else a generated one printed once
  password <name>           new password (stdin or generated); ends their sessions
  role <name> <role>
  delete <name>
  list                      -o json|yaml for scripts`,
    positionals: [
      { name: 'command', choices: ['create', 'password', 'role', 'delete', 'list'] },
      { name: 'name', optional: true },
      { name: 'role', optional: true },
    ],
    flags: [
      {
        name: 'role',
        value: '<role>',
        choices: ['viewer', 'editor', 'admin'],
        help: 'create: the role (default viewer)',
      },
      { ...OUTPUT, help: 'list: print json or yaml' },
    ],
  },
  {
    group: 'cluster',
    name: 'pause',
    summary: 'stop the embedded controller of a kind (the exported operator takes over)',
    positionals: [{ name: 'kind', complete: 'kind' }],
    flags: [KUBECONFIG, CONTEXT],
  },
  {
    group: 'cluster',
    name: 'resume',
    summary: 'start the embedded controller of a paused kind again',
    positionals: [{ name: 'kind', complete: 'kind' }],
    flags: [KUBECONFIG, CONTEXT],
  },
  {
    group: 'cluster',
    name: 'rollout',
    summary: "a kind's revisions: start a rollout, see where it stands, roll it back or finish it",
    details: `  opstudio rollout <kind> --to 3 --canary 5     a canary of 5, then the rest in batches
  opstudio rollout <kind> --to 3 --canary-selector tier=canary
  opstudio rollout <kind>                         where it stands
  opstudio rollout <kind> --rollback | --finish   (docs/design/0055-revisions-and-rollouts.md)`,
    positionals: [{ name: 'kind', complete: 'kind' }],
    flags: [
      { name: 'to', value: '<revision>', help: 'start a rollout to this design version' },
      { name: 'canary', value: '<count>', help: 'the canary: the first N resources by namespace/name (default 1)' },
      { name: 'canary-selector', value: '<k=v,…>', help: 'the canary: the resources with these labels' },
      { name: 'batch', value: '<count>', help: 'after the canary, move this many at a time (default 20)' },
      { name: 'ready-within', value: '<seconds>', help: 'pause when a step is not ready within this (default 120)' },
      { name: 'rollback', help: 'move every resource of the rollout back to the revision it came from' },
      { name: 'finish', help: "a complete rollout's revision becomes the kind's current one" },
      KUBECONFIG,
      CONTEXT,
      OUTPUT,
    ],
  },
  {
    group: 'cluster',
    name: 'pin',
    summary: 'pin a custom resource to a revision of its design (or --unpin it)',
    positionals: [{ name: 'kind', complete: 'kind' }, { name: 'name' }, { name: 'revision', optional: true }],
    flags: [
      { name: 'namespace', short: 'n', value: '<ns>', help: 'its namespace (default: default)' },
      { name: 'unpin', help: "follow the kind's revision (and its rollout) again" },
      KUBECONFIG,
      CONTEXT,
    ],
  },
  {
    group: 'designs',
    name: 'export',
    summary: "the design as a kubebuilder Go project, or as kro's ResourceGraphDefinition",
    positionals: [DESIGN],
    flags: [
      { name: 'output', short: 'o', value: '<file>', complete: 'file', help: 'write a zip (go) or the RGD (kro)' },
      { name: 'dir', value: '<empty dir>', complete: 'dir', help: 'write the tree instead' },
      {
        name: 'format',
        value: '<format>',
        choices: ['go', 'kro'],
        help: 'go (default): the Go project; kro: the RGD, printed unless -o (docs/design/0056)',
      },
      {
        name: 'check',
        value: '<dir>',
        complete: 'dir',
        help: "exit 1 naming each generated file of an exported project that differs from the design's",
      },
      {
        name: 'update',
        value: '<dir>',
        complete: 'dir',
        help: 'three-way merge the design into an exported project (git merge-file; conflicts left as markers)',
      },
      { name: 'force', help: '--update: also when the project is not a clean git tree' },
    ],
  },
  {
    group: 'designs',
    name: 'crd',
    summary: 'the CRD YAML, as controller-gen writes it',
    positionals: [DESIGN],
    flags: [OUT_DIR],
  },
  { group: 'designs', name: 'rbac', summary: 'the manager ClusterRole', positionals: [DESIGN], flags: [OUT_DIR] },
  { group: 'designs', name: 'sample', summary: 'a sample custom resource', positionals: [DESIGN], flags: [OUT_DIR] },
  {
    group: 'designs',
    name: 'types',
    summary: 'the Go API package',
    positionals: [DESIGN],
    flags: [{ ...OUT_DIR, help: 'where to write (required)' }],
  },
  {
    group: 'designs',
    name: 'import',
    summary: "a design from an existing CRD or kro's ResourceGraphDefinition",
    positionals: [{ name: 'crd-or-rgd.yaml', complete: 'file', help: 'a file, or - for stdin' }],
    flags: [],
  },
  {
    group: 'designs',
    name: 'diff',
    summary: 'breaking changes (exit 1 when any)',
    positionals: [
      { name: 'installed-crd.yaml', complete: 'file' },
      { name: 'design-or-crd.yaml', complete: 'file' },
    ],
    flags: [OUTPUT],
  },
  {
    group: 'designs',
    name: 'validate',
    summary: "local validation, and a design's kinds against the cluster (exit 1 when errors)",
    positionals: [{ name: 'design-or-crd.yaml', complete: 'file' }],
    flags: [OUTPUT, KUBECONFIG, CONTEXT],
  },
  {
    group: 'designs',
    name: 'test',
    summary: "the design's test cases (exit 1 when one fails)",
    positionals: [DESIGN],
    flags: [
      {
        name: 'output',
        short: 'o',
        value: '<format>',
        choices: ['json', 'junit'],
        help: 'print json or JUnit XML instead of the lines (docs/design/0028-cli.md)',
      },
      {
        name: 'against-cluster',
        help: "also dry-run each validation case on the cluster's API server; exit 1 where the verdicts differ",
      },
      KUBECONFIG,
      CONTEXT,
    ],
  },
  {
    group: 'designs',
    name: 'render',
    summary: 'the children, status and conditions for a custom resource',
    positionals: [DESIGN, { name: 'cr.yaml', complete: 'file', help: 'the custom resource' }],
    flags: [
      {
        name: 'observed',
        value: '<dir>',
        complete: 'dir',
        help: '<child id>.yaml files: what the cluster reports of each child (its status)',
      },
      { ...OUTPUT, help: 'print json or yaml instead of the YAML documents' },
    ],
  },
  {
    group: 'scripts',
    name: 'completion',
    summary: 'the shell completion script',
    details: `  bash: source <(opstudio completion bash)
  zsh:  source <(opstudio completion zsh)
  fish: opstudio completion fish | source`,
    positionals: [{ name: 'shell', choices: ['bash', 'zsh', 'fish'] }],
    flags: [],
  },
];

export function commandSpec(name: string): CommandEntry {
  const spec = COMMAND_SPECS.find((c) => c.name === name);
  if (spec === undefined) throw new Error(`no command spec named ${name}`);
  return spec;
}
