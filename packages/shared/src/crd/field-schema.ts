/**
 * Design field tree → openAPIV3Schema, the way controller-gen writes it: `required` in field
 * (Go struct) order, presets expanded, raw keywords written as they are.
 */
import type { FieldNode, NamedField } from '../design/field';
import type { VersionDesign } from '../design/schema';
import { DESIGN_TO_CRD_KEYWORD, PLAIN_KEYWORDS } from './keywords';
import { API_VERSION_PROPERTY, CONDITION_ITEM, KIND_PROPERTY, METADATA_PROPERTY } from './standard';
import type { JSONSchemaProps } from './types';

export const STANDARD_ROOT_FIELDS: Readonly<Record<string, JSONSchemaProps>> = {
  apiVersion: API_VERSION_PROPERTY,
  kind: KIND_PROPERTY,
  metadata: METADATA_PROPERTY,
};

/** A child that only names a standard root field (and maybe marks it required). */
export function isBareField(f: NamedField): boolean {
  for (const k in f)
    if (
      k !== 'name' &&
      k !== 'required' &&
      k !== 'goName' &&
      (f as unknown as Record<string, unknown>)[k] !== undefined
    )
      return false;
  return true;
}

const KEYWORD_INDEX = new Map<string, number>(PLAIN_KEYWORDS.map((k, i) => [k, i]));
const byNumber = (a: number, b: number): number => a - b;

export function fieldToSchema(node: FieldNode): JSONSchemaProps {
  const s: JSONSchemaProps & Record<string, unknown> = {};
  if (node.preset === 'conditions') {
    s.type = 'array';
    s.items = CONDITION_ITEM;
    s['x-kubernetes-list-type'] = 'map';
    s['x-kubernetes-list-map-keys'] = ['type'];
  }
  // Only the node's own keys are looked at (a node sets few of the 33 keywords), then
  // written in PLAIN_KEYWORDS order as before, so the object's key order does not change.
  const present: number[] = [];
  for (const k in node) {
    const i = KEYWORD_INDEX.get(k);
    if (i !== undefined && (node as Record<string, unknown>)[k] !== undefined) present.push(i);
  }
  if (present.length > 1) present.sort(byNumber);
  for (const i of present) {
    const k = PLAIN_KEYWORDS[i]!;
    s[DESIGN_TO_CRD_KEYWORD[k]] = node[k];
  }
  if (node.fields) {
    const properties: Record<string, JSONSchemaProps> = {};
    const required: string[] = [];
    for (const child of node.fields) {
      properties[child.name] = fieldToSchema(child);
      if (child.required) required.push(child.name);
    }
    s.properties = properties;
    if (required.length > 0) s.required = required;
  }
  if (node.items) s.items = fieldToSchema(node.items);
  if (node.additionalProperties !== undefined) {
    s.additionalProperties =
      typeof node.additionalProperties === 'boolean'
        ? node.additionalProperties
        : fieldToSchema(node.additionalProperties);
  }
  if (node.extraKeywords) Object.assign(s, node.extraKeywords);
  return s;
}

/** The version's openAPIV3Schema, with controller-gen's standard apiVersion/kind/metadata. */
export function rootSchema(version: VersionDesign): JSONSchemaProps | undefined {
  const node = version.schema;
  if (!node) return undefined;
  const root = fieldToSchema(node);
  if (version.standardFields === false) return root;
  const properties = { ...(root.properties ?? {}) };
  for (const [name, schema] of Object.entries(STANDARD_ROOT_FIELDS)) {
    const child = node.fields?.find((f) => f.name === name);
    if (!child || isBareField(child)) properties[name] = schema;
  }
  root.properties = properties;
  return root;
}
