// Walks the installed and proposed schemas of one version together. Both are flattened
// to path → node (properties, array items, map values); a path only in the installed
// schema is a removed field, one only in the proposed schema a new field, and nodes in
// both are compared keyword by keyword (diff-node). Only the topmost removed or added
// path is reported: removing `.spec.tls` does not also list `.spec.tls.cert`.
import type { Change } from './diff-types';
import { compareNode } from './diff-node';
import { childPath, itemsPath, mapValuesPath } from './diff-path';
import { shapeSchema } from './diff-shape';
import type { JSONSchemaProps } from './types';

export { childPath } from './diff-path';

export function flattenSchema(root: JSONSchemaProps | undefined): Map<string, JSONSchemaProps> {
  const out = new Map<string, JSONSchemaProps>();
  const visit = (node: JSONSchemaProps, path: string): void => {
    out.set(path, node);
    for (const [name, child] of Object.entries(node.properties ?? {})) visit(child, childPath(path, name));
    if (node.items !== undefined && !Array.isArray(node.items)) visit(node.items, itemsPath(path));
    if (typeof node.additionalProperties === 'object') visit(node.additionalProperties, mapValuesPath(path));
  };
  if (root !== undefined) visit(root, '.');
  return out;
}

function isUnder(path: string, ancestor: string): boolean {
  if (ancestor === '.') return path !== '.';
  return path.startsWith(ancestor) && /^[.[]/.test(path.slice(ancestor.length));
}

export function diffSchema(version: string, a: JSONSchemaProps | undefined, b: JSONSchemaProps | undefined): Change[] {
  // ill-typed keywords (a half-typed design) are left out rather than crash the walk
  const before = flattenSchema(a === undefined ? undefined : shapeSchema(a, '.'));
  const after = flattenSchema(b === undefined ? undefined : shapeSchema(b, '.'));
  const changes: Change[] = [];
  const at = (path: string): string => `${version}: ${path}`;

  const removed: string[] = [];
  const added: string[] = [];
  for (const [path, node] of before) {
    const next = after.get(path);
    if (next === undefined) {
      if (!removed.some((r) => isUnder(path, r))) {
        removed.push(path);
        changes.push({
          path: at(path),
          rule: 'existingFieldRemoval',
          severity: 'breaking',
          message: 'field removed: clients and stored objects that set it lose it',
        });
      }
      continue;
    }
    compareNode(node, next, (rule, severity, message) => changes.push({ path: at(path), rule, severity, message }));
  }
  for (const [path, node] of after) {
    if (before.has(path) || added.some((r) => isUnder(path, r))) continue;
    added.push(path);
    const type = node['x-kubernetes-int-or-string'] ? 'int-or-string' : (node.type ?? 'untyped');
    changes.push({ path: at(path), rule: 'newField', severity: 'safe', message: `new field (${type})` });
  }
  return changes;
}
