// Paths in a design's own terms, so the designer can put an issue next to the input it is
// about: `versions[v1alpha1].spec.size.default`, `versions[v1].spec.ports.items.name`,
// `versions[v1].spec.labels.additionalProperties`, `versions[v1].schema` for the root
// node, `crd.names.plural`, `operand.replicasField`. Odd field names are quoted as in the
// diff (`["my.field"]`). validateCrd's paths (`v1: .spec.ports[*] x-kubernetes-validations[0]`,
// `.spec.names.plural`) are translated here.
export const versionPath = (version: string): string => `versions[${version}]`;

/** A design field path from a version and the field's schema path (`.`, `.spec.size`). */
export function fieldPath(version: string, schemaPath: string): string {
  return schemaPath === '.' ? `${versionPath(version)}.schema` : `${versionPath(version)}${schemaPath}`;
}

// One segment of the diff's notation: `.name`, `["odd name"]`, `[*]` (array items), `.*` (map values).
const SEGMENT = /^(\.\*|\[\*\]|\.[A-Za-z_$][\w$-]*|\["(?:[^"\\]|\\.)*"\])/;

const SUFFIX_KEYWORDS: Record<string, string> = {
  'x-kubernetes-validations': 'validations',
  'x-kubernetes-list-map-keys': 'listMapKeys',
};

/** `.spec.tags[*] x-kubernetes-validations[0]` → `versions[v].spec.tags.items.validations[0]`. */
export function schemaIssuePath(version: string, crdPath: string): string {
  let rest = crdPath;
  let out = '';
  if (rest.startsWith('.') && !rest.startsWith('. ') && rest !== '.') {
    for (let m = SEGMENT.exec(rest); m !== null && rest !== ''; m = SEGMENT.exec(rest)) {
      const seg = m[1]!;
      out += seg === '[*]' ? '.items' : seg === '.*' ? '.additionalProperties' : seg;
      rest = rest.slice(seg.length);
    }
  } else if (rest.startsWith('.')) rest = rest.slice(1);
  const base = out === '' ? fieldPath(version, '.') : fieldPath(version, out);
  const suffix = rest.trim();
  if (suffix === '') return base;
  const keyword = /^[\w$-]+/.exec(suffix)?.[0] ?? '';
  return `${base}.${SUFFIX_KEYWORDS[keyword] ?? keyword}${suffix.slice(keyword.length)}`;
}

const VERSION_PARTS: Record<string, string> = { additionalPrinterColumns: 'printerColumns' };

/**
 * Any path validateCrd reports, in design terms. `versionNames` maps `.spec.versions[i]`
 * to the version's name.
 */
export function designIssuePath(crdPath: string, versionNames: readonly string[]): string {
  const scoped = /^([^:\s]+): (.*)$/s.exec(crdPath);
  if (scoped) {
    const [, version, rest] = scoped as unknown as [string, string, string];
    if (rest.startsWith('.')) return schemaIssuePath(version, rest);
    const part = /^[A-Za-z]+/.exec(rest)?.[0] ?? '';
    return `${versionPath(version)}.${VERSION_PARTS[part] ?? part}${rest.slice(part.length)}`;
  }
  const indexed = /^\.spec\.versions\[(\d+)\](.*)$/s.exec(crdPath);
  if (indexed) return `${versionPath(versionNames[Number(indexed[1])] || indexed[1]!)}${indexed[2]}`;
  if (crdPath === '.spec.versions') return 'versions';
  if (crdPath === '.metadata.name') return 'crd.names.plural';
  if (crdPath.startsWith('.spec.')) return `crd.${crdPath.slice('.spec.'.length)}`;
  if (crdPath === '.' || crdPath === '') return 'crd';
  return `crd${crdPath}`;
}
