// kubectl's rules for a KUBECONFIG path list, without the I/O: the controller reads and parses
// each file (apps/controller/src/kube/kubeconfig.ts) and hands the documents here. client-node's
// own mergeConfig differs from kubectl on every point that matters (it throws on a name two files
// share, takes current-context from the last file, resolves only three relative paths), and the
// studio must see the same clusters as `kubectl config get-contexts` for the same variable.
// The rules, from client-go's clientcmd loader (LoadingRules.Load, ResolveLocalPaths):
// - the list is split on the platform's separator; empty entries and repeats are dropped;
// - a file that does not exist is skipped; one that cannot be read or parsed is an error;
// - inside one file a name used twice (cluster, user or context) is an error;
// - across files the first file to define a name wins, whole entry, never merged field by field;
// - current-context comes from the first file that sets a non-empty one;
// - relative file references are resolved against the directory of the file that holds them:
//   certificate-authority, client-certificate, client-key, tokenFile, and exec.command only when
//   it holds a path separator (a bare command name is looked up on PATH).

/** One kubeconfig file, parsed (YAML → plain values), with the directory it was read from. */
export interface KubeconfigFile {
  readonly path: string;
  readonly dir: string;
  readonly doc: unknown;
}

type Entry = { readonly name: string } & Record<string, unknown>;

/** The merged document, in the kubeconfig v1 shape (client-node's loadFromString reads it). */
export interface MergedKubeconfig {
  readonly apiVersion: 'v1';
  readonly kind: 'Config';
  readonly clusters: readonly Entry[];
  readonly users: readonly Entry[];
  readonly contexts: readonly Entry[];
  readonly 'current-context'?: string;
  /** Which file each context came from (for messages: "context x (from /a/b)"). */
  readonly contextSource: Readonly<Record<string, string>>;
}

export class KubeconfigMergeError extends Error {
  override readonly name = 'KubeconfigMergeError';
}

/** KUBECONFIG's list: split on `separator` (':' on Linux, ';' on Windows), empties and repeats dropped. */
export function splitKubeconfigList(value: string, separator: string): string[] {
  const seen = new Set<string>();
  for (const entry of value.split(separator)) if (entry !== '') seen.add(entry);
  return [...seen];
}

const SECTIONS = [
  ['clusters', 'cluster'],
  ['users', 'user'],
  ['contexts', 'context'],
] as const;

/** Merges the files in list order by kubectl's rules; the first file wins every name it defines. */
export function mergeKubeconfigs(
  files: readonly KubeconfigFile[],
  resolvePath: (dir: string, file: string) => string = joinPosix,
): MergedKubeconfig {
  const merged = {
    clusters: new Map<string, Entry>(),
    users: new Map<string, Entry>(),
    contexts: new Map<string, Entry>(),
  };
  const contextSource: Record<string, string> = {};
  let current: string | undefined;
  for (const file of files) {
    const doc = file.doc ?? {}; // an empty file is an empty config, as kubectl reads it
    if (!isRecord(doc)) throw new KubeconfigMergeError(`invalid kubeconfig ${file.path}: not a YAML mapping`);
    for (const [section, body] of SECTIONS) {
      const entries = entriesOf(doc[section], section, body, file.path);
      for (const entry of entries) {
        if (merged[section].has(entry.name)) continue; // first file wins
        merged[section].set(entry.name, resolveEntry(section, entry, file.dir, resolvePath));
        if (section === 'contexts') contextSource[entry.name] = file.path;
      }
    }
    const cc = doc['current-context'];
    if (current === undefined && typeof cc === 'string' && cc !== '') current = cc;
  }
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [...merged.clusters.values()],
    users: [...merged.users.values()],
    contexts: [...merged.contexts.values()],
    ...(current === undefined ? {} : { 'current-context': current }),
    contextSource,
  };
}

function entriesOf(value: unknown, section: string, body: string, path: string): Entry[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new KubeconfigMergeError(`invalid kubeconfig ${path}: ${section} is not a list`);
  const seen = new Set<string>();
  return (value as unknown[]).map((item, i) => {
    const name = isRecord(item) ? item.name : undefined;
    if (!isRecord(item) || typeof name !== 'string' || name === '')
      throw new KubeconfigMergeError(`invalid kubeconfig ${path}: ${section}[${i}] has no name`);
    if (!isRecord(item[body]))
      throw new KubeconfigMergeError(`invalid kubeconfig ${path}: ${section} entry "${name}" has no ${body} mapping`);
    if (seen.has(name)) throw new KubeconfigMergeError(`invalid kubeconfig ${path}: ${section} names "${name}" twice`);
    seen.add(name);
    return item as Entry;
  });
}

/** The entry with its relative file references made absolute against `dir` (a copy; the input is untouched). */
function resolveEntry(
  section: 'clusters' | 'users' | 'contexts',
  entry: Entry,
  dir: string,
  resolvePath: (dir: string, file: string) => string,
): Entry {
  const fix = (body: Record<string, unknown>, keys: readonly string[]) => {
    const out = { ...body };
    for (const key of keys) {
      const v = out[key];
      if (typeof v === 'string' && v !== '') out[key] = resolvePath(dir, v);
    }
    return out;
  };
  if (section === 'clusters') {
    return { ...entry, cluster: fix(entry.cluster as Record<string, unknown>, ['certificate-authority']) };
  }
  if (section === 'users') {
    const user = fix(entry.user as Record<string, unknown>, ['client-certificate', 'client-key', 'tokenFile']);
    const exec = user.exec;
    if (isRecord(exec) && typeof exec.command === 'string' && exec.command.includes('/'))
      user.exec = fix(exec, ['command']);
    return { ...entry, user };
  }
  return entry;
}

/** POSIX, as Go's filepath.Join: an absolute path stays; a relative one is joined to the file's directory and cleaned. */
export function joinPosix(dir: string, file: string): string {
  if (file.startsWith('/') || dir === '') return file;
  const parts: string[] = [];
  for (const part of `${dir}/${file}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
    else if (part !== '..' || !dir.startsWith('/')) parts.push(part);
  }
  return `${dir.startsWith('/') ? '/' : ''}${parts.join('/')}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
