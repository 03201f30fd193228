// The type of a status field an RGD gives only as an expression (kro infers it by type-checking
// against the children's schemas; the studio's CRD writes it). Read from the expression's shape:
// good for the forms status bindings take, and `string` where the shape says nothing, noted.
import type { FieldNode } from '../design/field';

const INT =
  /(^|\W)(size\(|int\()|\.orValue\(\s*-?\d+\s*\)$|\.(readyReplicas|replicas|availableReplicas|updatedReplicas|currentReplicas|observedGeneration)$/;
const BOOL = /(==|!=|<=|>=|&&|\|\||\bhas\()|\.orValue\(\s*(true|false)\s*\)$|^(true|false)$/;
const LIST = /\.orValue\(\s*\[\s*\]\s*\)$|\.map\(|\.filter\(/;

export function statusFieldType(expr: string): FieldNode {
  const e = expr.trim();
  if (/^'|^"|\+\s*'|'\s*\+|^string\(|\.orValue\(\s*['"]|\.join\(|\.data\.[A-Za-z0-9_-]+$/.test(e) && !/^size\(/.test(e))
    return { type: 'string' };
  if (LIST.test(e) && !BOOL.test(e)) return { type: 'array', items: { type: 'object', preserveUnknownFields: true } };
  if (INT.test(e) && !BOOL.test(e)) return { type: 'integer', format: 'int64' };
  if (BOOL.test(e) && !/\?\s*'/.test(e)) return { type: 'boolean' };
  return { type: 'string' };
}
