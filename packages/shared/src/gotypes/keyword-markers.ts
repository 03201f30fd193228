/**
 * The schema keywords of one field node as controller-gen markers (controller-tools v0.21.0's
 * `pkg/crd/markers`: validation.go, topology.go). Keywords a marker cannot produce are
 * returned as dropped, with the reason, so the caller can report them.
 */
import { holdsBigInt, type FieldNode, type SchemaValue } from '../design/field';
import { markerJson } from './go-text';
import { anyValue, args, bareOrQuoted, goInt, goNumber, goQuote } from './marker-values';
import { jsonText } from '../crd/json-text';

export interface KeywordMarker {
  keyword: keyof FieldNode;
  marker: string;
  /** controller-gen accepts it on fields only (`+nullable`, defaults, examples), not on types. */
  fieldOnly: boolean;
}

export interface KeywordMarkers {
  markers: KeywordMarker[];
  dropped: { keyword: keyof FieldNode; reason: string }[];
  /** Keywords kept in part (CEL rules without their empty message), as the Go types say them. */
  replaced: Partial<FieldNode>;
}

const V = '+kubebuilder:validation:';
const ONLY_TRUE = [
  'exclusiveMinimum',
  'exclusiveMaximum',
  'uniqueItems',
  'nullable',
  'preserveUnknownFields',
  'embeddedResource',
  'intOrString',
] as const;
const NUMBER_MARKERS = [
  ['minimum', 'Minimum'],
  ['maximum', 'Maximum'],
  ['multipleOf', 'MultipleOf'],
] as const;
const INT_MARKERS = [
  ['minLength', 'MinLength'],
  ['maxLength', 'MaxLength'],
  ['minItems', 'MinItems'],
  ['maxItems', 'MaxItems'],
  ['minProperties', 'MinProperties'],
  ['maxProperties', 'MaxProperties'],
] as const;
const NO_MARKER = ['allOf', 'anyOf', 'oneOf', 'not'] as const;

function enumMarker(values: SchemaValue[]): string | undefined {
  const items = values.map(anyValue);
  return items.every((i) => i !== undefined) ? `${V}Enum={${items.join(',')}}` : undefined;
}

/** The schema type each type-checked marker needs (controller-gen refuses it on any other). */
const NEEDS: Partial<Record<keyof FieldNode, string>> = {
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  minItems: 'array',
  maxItems: 'array',
  uniqueItems: 'array',
  listType: 'array',
  listMapKeys: 'array',
  minProperties: 'object',
  maxProperties: 'object',
  mapType: 'object',
};

/** Why controller-gen would refuse `keyword` on a schema of type `type`, if it would. */
function refusal(keyword: keyof FieldNode, node: FieldNode): string | undefined {
  const need = NEEDS[keyword];
  if (!need) return undefined;
  const type = node.type ?? (node.preset === 'conditions' ? 'array' : undefined);
  const fits =
    need === 'number'
      ? type === 'integer' || type === 'number'
      : need === 'string'
        ? type === 'string' || node.intOrString === true
        : type === need;
  if (!fits)
    return `controller-gen applies ${keyword} only to ${need === 'number' ? 'integer or number' : need} schemas, not to ${type ?? 'an untyped schema'}`;
  const v = node[keyword];
  if (type === 'integer' && typeof v === 'number' && !Number.isInteger(v))
    return `controller-gen refuses a non-integral ${keyword} on an integer`;
  if (keyword === 'listMapKeys' && node.listType !== 'map')
    return 'controller-gen applies listMapKey only with listType=map';
  return undefined;
}

/** Keys keywordMarkers never reads: the subtrees and the documentation (the caller handles them). */
const UNREAD = new Set(['fields', 'items', 'additionalProperties', 'description', 'goName', 'name', 'required']);
const MEMO_LIMIT = 2000;
const memo = new Map<string, KeywordMarkers>();

/**
 * What decides keywordMarkers' answer, as text: the consumed keywords and every key it reads
 * with its value. Equal keys mean equal answers, so the memo cannot return a stale result.
 */
function memoKey(node: FieldNode, consumed: ReadonlySet<keyof FieldNode>): string {
  let key = '';
  for (const k of consumed) key += `${k},`;
  // Each value in a self-delimiting form (JSON text, or a tagged number or boolean), so no
  // value can pass for another key; Infinity and NaN are kept apart from null.
  for (const k in node) {
    const v = (node as Record<string, unknown>)[k];
    if (v === undefined || UNREAD.has(k)) continue;
    key += /^[a-zA-Z]+$/.test(k) ? `;${k}=` : `;${JSON.stringify(k)}=`;
    if (typeof v === 'number') key += `n${v}`;
    else if (typeof v === 'boolean') key += v ? 'T' : 'F';
    else key += jsonText(v);
  }
  return key;
}

/**
 * Markers for every keyword of `node` that the Go type (`consumed`) does not already produce.
 * Memoised by content (a keystroke leaves almost every node as it was); the answer is frozen
 * because it is shared.
 */
export function keywordMarkers(node: FieldNode, consumed: ReadonlySet<keyof FieldNode>): KeywordMarkers {
  const key = memoKey(node, consumed);
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const out = computeMarkers(node, consumed);
  Object.freeze(out.markers);
  Object.freeze(out.dropped);
  Object.freeze(out.replaced);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, out);
  return out;
}

function computeMarkers(node: FieldNode, consumed: ReadonlySet<keyof FieldNode>): KeywordMarkers {
  const out: KeywordMarkers = { markers: [], dropped: [], replaced: {} };
  const refused = new Set<keyof FieldNode>();
  const add = (keyword: keyof FieldNode, marker: string, fieldOnly = false): void => {
    const why = refused.has(keyword) ? undefined : refusal(keyword, node);
    if (why !== undefined) {
      refused.add(keyword);
      out.dropped.push({ keyword, reason: why });
    }
    if (!refused.has(keyword)) out.markers.push({ keyword, marker, fieldOnly });
  };
  const has = <K extends keyof FieldNode>(k: K): boolean => node[k] !== undefined && !consumed.has(k);
  const drop = (keyword: keyof FieldNode, reason: string): void => void out.dropped.push({ keyword, reason });
  const typeMarker = (keyword: keyof FieldNode, marker: string | undefined, what: string): void => {
    if (marker === undefined) drop(keyword, `${what} cannot be written as a marker value`);
    else add(keyword, marker);
  };

  for (const k of ['listMapKeys', 'validations'] as const)
    if (has(k) && node[k]?.length === 0) drop(k, `controller-gen leaves out an empty ${k} list`);
  for (const k of ['title', 'format', 'pattern'] as const)
    if (has(k) && node[k] === '') drop(k, `controller-gen leaves out an empty ${k}`);
  if (has('type')) add('type', `${V}Type=${node.type}`);
  if (has('format') && node.format !== '')
    typeMarker('format', node.format !== undefined ? withQuoted(`${V}Format=`, node.format) : undefined, 'this format');
  for (const k of ONLY_TRUE) {
    if (has(k) && node[k] === false)
      drop(k, `controller-gen writes ${k} only when true; false cannot be said in Go markers (leave it out)`);
  }
  for (const [k, name] of NUMBER_MARKERS) {
    const v = node[k];
    if (has(k) && v !== undefined)
      typeMarker(k, goNumber(v) === undefined ? undefined : `${V}${name}=${goNumber(v)}`, `${k} ${v}`);
  }
  if (node.exclusiveMinimum === true && has('exclusiveMinimum')) add('exclusiveMinimum', `${V}ExclusiveMinimum=true`);
  if (node.exclusiveMaximum === true && has('exclusiveMaximum')) add('exclusiveMaximum', `${V}ExclusiveMaximum=true`);
  for (const [k, name] of INT_MARKERS) {
    const v = node[k];
    if (has(k) && v !== undefined && v > Number.MAX_SAFE_INTEGER)
      drop(k, `${k} ${v} is too large for controller-gen's marker parser`);
    else if (has(k) && v !== undefined) add(k, `${V}${name}=${v}`);
  }
  if (has('pattern') && node.pattern) typeMarker('pattern', withQuoted(`${V}Pattern=`, node.pattern), 'this pattern');
  if (node.uniqueItems === true && has('uniqueItems')) add('uniqueItems', `${V}UniqueItems=true`);
  if (has('enum') && node.enum?.length === 0) drop('enum', 'controller-gen leaves out an empty enum');
  else if (has('enum') && node.enum)
    typeMarker('enum', enumMarker(node.enum), 'an enum with objects, arrays, null or integers beyond int64');
  if (node.intOrString === true && has('intOrString')) add('intOrString', `${V}XIntOrString`);
  if (node.preserveUnknownFields === true && has('preserveUnknownFields'))
    add('preserveUnknownFields', '+kubebuilder:pruning:PreserveUnknownFields');
  if (node.embeddedResource === true && has('embeddedResource')) add('embeddedResource', `${V}XEmbeddedResource`);
  if (has('listType')) add('listType', `+listType=${node.listType}`);
  if (has('listMapKeys') && node.listMapKeys?.length) {
    // a key that is not a plain token is quoted: it can never end the comment line
    const keys = (node.listMapKeys ?? []).map(bareOrQuoted);
    if (keys.every((k) => k !== undefined)) for (const key of keys) add('listMapKeys', `+listMapKey=${key}`);
    else drop('listMapKeys', 'a list map key with text that cannot be a Go string literal');
  }
  if (has('mapType')) add('mapType', `+mapType=${node.mapType}`);
  if (has('title') && node.title) typeMarker('title', withQuoted('+kubebuilder:title=', node.title), 'this title');
  if (has('validations') && node.validations?.length) {
    // controller-gen leaves out empty messages and field paths: the rule stays, without them
    const cleaned = (node.validations ?? []).map((r) => {
      const c = { ...r };
      for (const k of ['message', 'messageExpression', 'fieldPath'] as const) if (c[k] === '') delete c[k];
      return c;
    });
    if (JSON.stringify(cleaned) !== JSON.stringify(node.validations)) {
      out.dropped.push({
        keyword: 'validations',
        reason: 'controller-gen leaves out an empty message, messageExpression or fieldPath of a CEL rule',
      });
      out.replaced.validations = cleaned;
    }
    const rules = cleaned.map((r) => {
      const quoted = [r.rule, r.message, r.messageExpression, r.fieldPath].map((s) =>
        s === undefined ? '' : goQuote(s),
      );
      if (quoted.some((q) => q === undefined)) return undefined;
      const [rule, message, messageExpression, fieldPath] = quoted;
      return `${V}XValidation:${args([
        ['rule', rule],
        ['message', r.message === undefined ? undefined : message],
        ['messageExpression', r.messageExpression === undefined ? undefined : messageExpression],
        ['fieldPath', r.fieldPath === undefined ? undefined : fieldPath],
        ['reason', r.reason],
        ['optionalOldSelf', r.optionalOldSelf === undefined ? undefined : String(r.optionalOldSelf)],
      ])}`;
    });
    if (rules.every((r) => r !== undefined)) for (const r of rules) add('validations', r);
    else drop('validations', 'a CEL rule with text that cannot be a Go string literal');
  }
  if (node.nullable === true && has('nullable')) add('nullable', '+nullable', true);
  if (has('default')) {
    if (node.default === null) drop('default', 'controller-gen ignores a null default');
    else if (typeof node.default === 'bigint') {
      // `+default=` is read by json.Unmarshal into a float64; the older marker reads an int exactly
      const digits = goInt(node.default);
      if (digits === undefined) drop('default', 'an integer default beyond int64 has no marker controller-gen reads');
      else add('default', `+kubebuilder:default=${digits}`, true);
    } else if (holdsBigInt(node.default))
      drop('default', 'controller-gen reads +default= as float64: an integer beyond ±2^53 in it would change');
    else {
      const json = markerJson(node.default);
      if (json === undefined) drop('default', 'a default with a lone surrogate half has no UTF-8 form for a marker');
      else add('default', `+default=${json}`, true);
    }
  }
  if (has('example') && node.example !== undefined) {
    const v = anyValue(node.example);
    if (v === undefined)
      drop('example', 'only string, number (integers within int64) and boolean examples can be written as markers');
    else add('example', `+kubebuilder:example=${v}`, true);
  }
  for (const k of NO_MARKER) if (has(k)) drop(k, `controller-gen has no marker for ${k}`);
  if (has('extraKeywords'))
    drop(
      'extraKeywords',
      `controller-gen has no marker for raw schema keywords (${Object.keys(node.extraKeywords ?? {}).join(', ')})`,
    );
  return out;
}

function withQuoted(prefix: string, s: string): string | undefined {
  const q = goQuote(s);
  return q === undefined ? undefined : `${prefix}${q}`;
}
