// How many errors a saved design version has (validateDesign, the designer's own check), for the
// Designs list: a design with errors may be saved, and the list marks it. Checking a big design
// takes a while, and the list asks for every design each time: counts are remembered by the
// YAML's hash (a version's YAML never changes), a bounded number of them.
import { createHash } from 'node:crypto';
import type { Design } from '@opstudio/shared/design/schema';
import { validateDesign } from '@opstudio/shared/validate/design';

const MAX_REMEMBERED = 1000;
const remembered = new Map<string, number>();

export function designErrorCount(yaml: string, design: Design): number {
  const key = createHash('sha256').update(yaml).digest('base64url');
  const known = remembered.get(key);
  if (known !== undefined) return known;
  let count: number;
  try {
    count = validateDesign(design).filter((i) => i.severity === 'error').length;
  } catch {
    count = 1; // the check itself failed: the designer says so as one error too
  }
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, count);
  return count;
}
