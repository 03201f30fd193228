// Kubernetes' name rules (k8s.io/apimachinery/pkg/util/validation), written once: DNS-1123 labels
// (namespaces, plurals, user names, which become identities), DNS-1123 subdomains (API groups,
// most object names, CRD names) and DNS-1035 labels (versions: they start with a letter). A name
// that breaks them is refused before it reaches a URL, a live topic or an impersonated identity:
// the controller's routers and auth, the live topics, the design validator and the web app use
// these, so they cannot drift apart.
import { z } from 'zod';

export const DNS1123_LABEL_MAX = 63;
export const DNS1123_SUBDOMAIN_MAX = 253;
export const DNS1035_LABEL_MAX = 63;

const label = '[a-z0-9](?:[-a-z0-9]*[a-z0-9])?';
/** The characters only; the `is…` functions and `kubeName` also check the length. */
export const DNS1123_LABEL = new RegExp(`^${label}$`);
export const DNS1123_SUBDOMAIN = new RegExp(`^${label}(?:\\.${label})*$`);
export const DNS1035_LABEL = /^[a-z](?:[-a-z0-9]*[a-z0-9])?$/;

export const isDns1123Label = (name: string): boolean => name.length <= DNS1123_LABEL_MAX && DNS1123_LABEL.test(name);
export const isDns1123Subdomain = (name: string): boolean =>
  name.length <= DNS1123_SUBDOMAIN_MAX && DNS1123_SUBDOMAIN.test(name);
export const isDns1035Label = (name: string): boolean => name.length <= DNS1035_LABEL_MAX && DNS1035_LABEL.test(name);

const rules = {
  dns1123Label: {
    pattern: DNS1123_LABEL,
    max: DNS1123_LABEL_MAX,
    chars: "lowercase letters, digits and '-', starting and ending with a letter or digit",
  },
  dns1123Subdomain: {
    pattern: DNS1123_SUBDOMAIN,
    max: DNS1123_SUBDOMAIN_MAX,
    chars: "lowercase letters, digits and '-' (and '.'), starting and ending with a letter or digit",
  },
  dns1035Label: {
    pattern: DNS1035_LABEL,
    max: DNS1035_LABEL_MAX,
    chars: "lowercase letters, digits and '-', starting with a letter and ending with a letter or digit",
  },
} as const;

export type KubeNameRule = keyof typeof rules;

/**
 * A zod string for one Kubernetes name. `what` names it in the messages ("the namespace"),
 * `example` shows a good one: `the namespace must be lowercase letters, …, e.g. default`.
 */
export function kubeName(rule: KubeNameRule, what: string, example: string) {
  const { pattern, max, chars } = rules[rule];
  return z
    .string({ error: `pass ${what}` })
    .min(1, `pass ${what}`)
    .max(max, `${what} is at most ${max} characters`)
    .regex(pattern, `${what} must be ${chars}, e.g. ${example}`);
}
