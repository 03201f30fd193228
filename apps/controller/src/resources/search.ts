// resources.search: the command palette's "jump to a resource". It searches the names of the
// custom resources the studio already holds in its informer cache (an operator's watch, a live
// table's), ranked by the palette's own matcher, and starts no watch: a search per keystroke
// must not list every CRD of the cluster. Kinds it could not search are named in the answer, so
// the palette can say "not loaded" instead of pretending there is nothing. Only rows of the
// namespaces the user may list are returned (the same check as resources.list), and the check
// runs on the matches only, so a search costs at most one access question per kind.
import type { KubernetesObject } from '@kubernetes/client-node';
import { matcher } from '@opstudio/shared/palette/match';
import type { ResourceSpec } from '../kube/resource-spec';
import type { ListReader } from './service';
import type { ResourceKind } from './types';

export interface ResourceHit {
  /** The CRD name, for the resource page's path. */
  readonly crdName: string;
  readonly kind: string;
  readonly group: string;
  readonly namespace: string | null;
  readonly name: string;
}

export interface ResourceSearch {
  readonly hits: ResourceHit[];
  /** Kinds (CRD names) whose objects are not in the cache, so were not searched. */
  readonly notLoaded: string[];
}

export interface SearchSource {
  readonly kinds: readonly ResourceKind[];
  /** The cached objects of a kind, undefined when no informer holds it (InformerCache.peek). */
  readonly peek: (spec: ResourceSpec) => readonly KubernetesObject[] | undefined;
}

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export async function searchCachedResources(
  source: SearchSource,
  input: { readonly text: string; readonly limit: number },
  reader?: ListReader,
): Promise<ResourceSearch> {
  const scoreOf = matcher(input.text);
  const notLoaded: string[] = [];
  const scored: { hit: ResourceHit; score: number }[] = [];
  for (const kind of source.kinds) {
    if (kind.version === null) continue;
    const objects = source.peek({ group: kind.group, version: kind.version, resource: kind.plural });
    if (objects === undefined) {
      notLoaded.push(kind.name);
      continue;
    }
    const matches = objects.flatMap((o) => {
      const name = o.metadata?.name;
      const score = name === undefined ? null : scoreOf(name);
      if (name === undefined || score === null) return [];
      const hit = {
        crdName: kind.name,
        kind: kind.kind,
        group: kind.group,
        namespace: o.metadata?.namespace ?? null,
        name,
      };
      return [{ hit, score }];
    });
    if (matches.length === 0) continue;
    const visible =
      reader === undefined
        ? matches
        : await reader.readable(
            { group: kind.group, resource: kind.plural },
            matches,
            (m) => m.hit.namespace ?? undefined,
          );
    scored.push(...visible);
  }
  // plain code-unit order for ties: localeCompare costs more than the matching on 10,000 rows
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      byCode(a.hit.name, b.hit.name) ||
      byCode(a.hit.namespace ?? '', b.hit.namespace ?? '') ||
      byCode(a.hit.crdName, b.hit.crdName),
  );
  return { hits: scored.slice(0, input.limit).map((s) => s.hit), notLoaded: notLoaded.sort() };
}
