// Kubernetes' grammar for the strings a child template fixes (apiVersion, kind) and for the
// names the planner renders, as k8s.io/apimachinery/pkg/util/validation checks them. A template
// is user input that becomes watches, RBAC markers and API paths: each part is checked against
// exactly the grammar the API server applies, so nothing else (`*`, `;`, `,`, a line break)
// can reach them. The DNS rules themselves are kube/names.ts's.
import {
  DNS1123_LABEL_MAX,
  DNS1123_SUBDOMAIN_MAX,
  isDns1035Label,
  isDns1123Label,
  isDns1123Subdomain,
} from '../kube/names';

export const KIND = /^[A-Z][A-Za-z0-9]*$/;
export const KIND_MAX = 63;
const LABEL_MAX = DNS1123_LABEL_MAX;
const SUBDOMAIN_MAX = DNS1123_SUBDOMAIN_MAX;

/** path.IsValidPathSegmentName: RBAC object names, which may hold ':' (`system:controller:x`) */
export const isPathSegmentName = (s: string): boolean => s !== '' && s !== '.' && s !== '..' && !/[/%]/.test(s);

const quoted = (s: string): string => JSON.stringify(s);

/** Why `apiVersion` is not `version` or `group/version`, or undefined when it is. */
export function apiVersionProblem(apiVersion: string): string | undefined {
  const not = `${quoted(apiVersion)} is not an apiVersion`;
  if (apiVersion.includes('${'))
    return `${not}: apiVersion is a fixed string, not an expression (the controller watches each kind)`;
  const parts = apiVersion.split('/');
  if (parts.length > 2) return `${not}: write a version (v1) or a group and a version (apps/v1)`;
  const [group, version] = parts.length === 2 ? parts : ['', parts[0]!];
  if (parts.length === 2 && group === 'core')
    return `${not}: the core group has no name in an apiVersion; write ${quoted(version!)}`;
  if (parts.length === 2 && !isDns1123Subdomain(group!))
    return `${not}: a group is a DNS subdomain such as apps or example.com (lower-case letters, digits, '-' and '.', at most ${SUBDOMAIN_MAX}), followed by /${isDns1035Label(version!) ? version : 'v1'}`;
  if (!isDns1035Label(version!))
    return `${not}: a version is lower-case letters, digits and '-', starting with a letter, at most ${LABEL_MAX}, such as v1 or v1beta1`;
  return undefined;
}

/** Why `kind` is not a kind name (upper camel case, as Go types and the API's kinds are), or undefined. */
export function kindProblem(kind: string): string | undefined {
  const not = `${quoted(kind)} is not a kind`;
  if (kind.includes('${'))
    return `${not}: kind is a fixed string, not an expression (the controller watches each kind)`;
  if (kind.length > KIND_MAX || !KIND.test(kind))
    return `${not}: a kind starts with an upper-case letter, then letters and digits, at most ${KIND_MAX}, such as Deployment or RedisCluster`;
  return undefined;
}

/** The name grammars the API server applies to objects, by kind (see child-kinds.ts). */
export type NameRule = 'dns1123-subdomain' | 'dns1123-label' | 'dns1035-label' | 'path-segment';

const RULES: Record<NameRule, { valid: (s: string) => boolean; says: string }> = {
  'dns1123-subdomain': {
    valid: isDns1123Subdomain,
    says: `lower-case letters, digits, '-' and '.', starting and ending with a letter or digit, at most ${SUBDOMAIN_MAX} characters`,
  },
  'dns1123-label': {
    valid: isDns1123Label,
    says: `lower-case letters, digits and '-' (no '.'), starting and ending with a letter or digit, at most ${LABEL_MAX} characters`,
  },
  'dns1035-label': {
    valid: isDns1035Label,
    says: `lower-case letters, digits and '-' (no '.'), starting with a letter and ending with a letter or digit, at most ${LABEL_MAX} characters`,
  },
  'path-segment': { valid: isPathSegmentName, says: "any name but '.' or '..', without '/' or '%'" },
};

/**
 * Why `name` is not a valid name for `kind` under `rule` (and at most `max` characters, when
 * the kind is shorter than its grammar), or undefined when it is.
 */
export function nameProblem(name: string, kind: string, rule: NameRule, max?: number): string | undefined {
  const { valid, says } = RULES[rule];
  const tooLong = max !== undefined && name.length > max;
  if (valid(name) && !tooLong) return undefined;
  const limit = max !== undefined ? `; a ${kind} name is at most ${max} characters` : '';
  return `${quoted(name)} is not a valid ${kind} name: ${says}${limit}`;
}
