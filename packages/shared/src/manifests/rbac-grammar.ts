// Every part of a `+kubebuilder:rbac` marker checked against Kubernetes' grammar before it is
// written (issue 27): the marker is Go source read by controller-gen, where `*` grants all,
// `;` and `,` start another value or argument and a line break another marker. The design's
// validation refuses such apiVersions and kinds already; this is the last gate, for a design
// that reached the export by any other way.
import { isDns1123Label, isDns1123Subdomain } from '../kube/names';
import { ScaffoldError } from '../scaffold/errors';
import type { RbacMarker } from './rbac';

const VERB = /^[a-z]+$/;
/** an RBAC object name (path segment) restricted to what marker values can hold unquoted */
const RESOURCE_NAME = /^[A-Za-z0-9][-A-Za-z0-9_.:]*$/;
/** a non-resource URL: a path, with Kubernetes' one wildcard, a trailing `*` */
const URL_PATH = /^\/[-A-Za-z0-9_./]*\*?$/;

const group = (g: string): boolean => g === 'core' || g === '' || isDns1123Subdomain(g);
/** a plural resource, optionally with its subresource (`memcacheds/status`) */
const resource = (r: string): boolean => {
  const [plural, sub, ...rest] = r.split('/');
  return rest.length === 0 && isDns1123Label(plural!) && (sub === undefined || isDns1123Label(sub));
};
const resourceName = (n: string): boolean => n.length <= 253 && n !== '.' && n !== '..' && RESOURCE_NAME.test(n);

const PARTS: readonly [keyof RbacMarker, (s: string) => boolean, string][] = [
  ['groups', group, 'an API group (a DNS subdomain such as apps or example.com, or core)'],
  ['resources', resource, 'a plural resource such as deployments or memcacheds/status'],
  ['verbs', VERB.test.bind(VERB), 'a verb such as get or create'],
  ['resourceNames', resourceName, "an object name of letters, digits, '-', '_', '.' and ':'"],
  ['urls', URL_PATH.test.bind(URL_PATH), 'a URL path such as /metrics'],
];

/** The marker when each of its parts is in Kubernetes' grammar; else a ScaffoldError naming the part. */
export function checkedMarker(m: RbacMarker): RbacMarker {
  for (const [field, valid, what] of PARTS) {
    const values = (m[field] ?? []) as readonly string[];
    const bad = values.find((v) => typeof v !== 'string' || !valid(v));
    if (bad !== undefined)
      throw new ScaffoldError(
        `the RBAC marker's ${field} ${JSON.stringify(bad)} is not ${what}; a child's apiVersion and kind in operand.resources give its group and resource`,
      );
  }
  if (m.verbs.length === 0) throw new ScaffoldError('an RBAC marker needs verbs');
  return m;
}
