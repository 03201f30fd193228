// The cap on one design's YAML, stated the same way wherever it is met: in the designer's
// editor before any request, and in designs.save's input check. Real CRDs are large
// (kyverno's ClusterPolicy imports to a 1.1 MB design), so the cap leaves room for several
// times that while staying below the request body cap (DEFAULT_BODY_LIMIT, 8 MiB): a design
// that passes this check always fits in the request that saves it.
import { formatBytes } from '../security/body-limit';

export const DESIGN_MAX_BYTES = 4 * 1024 * 1024;

/** UTF-8 length of `text`, without encoding it (counts surrogate pairs as 4 bytes). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** `designs are limited to 4 MiB; this one is 5.2 MiB`. */
export function designTooLargeMessage(bytes: number, limit = DESIGN_MAX_BYTES): string {
  // just over the cap, both round to the same figure: then the exact counts say which is larger
  if (formatBytes(bytes) === formatBytes(limit))
    return `designs are limited to ${formatBytes(limit)} (${limit} bytes); this one is ${bytes} bytes`;
  return `designs are limited to ${formatBytes(limit)}; this one is ${formatBytes(bytes)}`;
}

/**
 * Why `yaml` is too large to be a design, or null when it fits. Cheap for the common case: a
 * text of n UTF-16 units is between n and 3n bytes, so only a text near the cap is counted.
 */
export function designSizeProblem(yaml: string, limit = DESIGN_MAX_BYTES): string | null {
  if (yaml.length * 3 <= limit) return null;
  if (yaml.length > limit) return designTooLargeMessage(utf8Length(yaml), limit);
  const bytes = utf8Length(yaml);
  return bytes > limit ? designTooLargeMessage(bytes, limit) : null;
}
