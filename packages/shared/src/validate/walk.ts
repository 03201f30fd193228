// Visits every node of a schema that the API server treats as structural (properties,
// array items, map values), with the node's level and path. Nodes inside allOf/anyOf/
// oneOf/not are value validations, not structure, and are not visited here.
import { childPath, itemsPath, mapValuesPath } from '../crd/diff-path';
import type { JSONSchemaProps } from '../crd/types';

export type Level = 'root' | 'item' | 'field';

export interface Visit {
  node: JSONSchemaProps;
  path: string;
  level: Level;
}

export function walkSchema(root: JSONSchemaProps | undefined, visit: (v: Visit) => void): void {
  const go = (node: JSONSchemaProps, path: string, level: Level): void => {
    visit({ node, path, level });
    for (const [name, child] of Object.entries(node.properties ?? {})) go(child, childPath(path, name), 'field');
    if (node.items !== undefined && !Array.isArray(node.items)) go(node.items, itemsPath(path), 'item');
    if (typeof node.additionalProperties === 'object') go(node.additionalProperties, mapValuesPath(path), 'field');
  };
  if (root !== undefined) go(root, '.', 'root');
}

/** `v1: .spec.size`, the notation shared with the diff. */
export const at = (version: string, path: string): string => `${version}: ${path}`;
