// The names the planner gives children: `<cr-name>-<id>`, cut to a DNS label with a hash of the
// custom resource's name when it is too long. The export's Go (names.go) gives the same names.
/** A child name fits a DNS label (Services need one): 63 characters at most. */
export const CHILD_NAME_MAX = 63;

/**
 * `<cr-name>-<id>`; when that is longer than 63 characters, the CR's name is cut and the FNV-1a
 * hash of the whole name keeps two long names apart: `<cut>-<8 hex>-<id>`. The export's Go
 * (hash/fnv New32a) gives the same names.
 */
export function childName(crName: string, id: string): string {
  const whole = `${crName}-${id}`;
  if (whole.length <= CHILD_NAME_MAX) return whole;
  const hash = fnv1a32(crName).toString(16).padStart(8, '0');
  const cut = crName.slice(0, CHILD_NAME_MAX - id.length - hash.length - 2).replace(/[-.]+$/, '');
  return `${cut}-${hash}-${id}`;
}

export function fnv1a32(s: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(s)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
