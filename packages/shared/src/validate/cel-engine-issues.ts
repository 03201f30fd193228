// The CEL module's answers about x-kubernetes-validations (the API server's own code, see
// packages/cel/rules) as the studio's issues: a schema node named by the module (`.spec`, `[]`,
// `{}` steps) in the diff's notation, and the API server's words for what it refuses.
import type { CelFieldError, CelRulesCompiled } from '../cel/engine';
import { childPath, itemsPath, mapValuesPath } from '../crd/diff-path';
import { error, type Issue } from './issue';
import { at } from './walk';

/** `['.spec', '.ports', '[]']` → `.spec.ports[*]` */
export function nodePath(node: readonly string[]): string {
  let path = '.';
  for (const step of node) {
    if (step === '[]') path = itemsPath(path);
    else if (step === '{}') path = mapValuesPath(path);
    else path = childPath(path, step.slice(1));
  }
  return path;
}

/** The schema path of the rule (or of the node's rules, or the whole schema) an error is about. */
export function rulePath(e: Pick<CelFieldError, 'node' | 'index'>): string {
  if (e.node === undefined || e.node === null) return '.';
  const path = nodePath(e.node);
  return e.index < 0 ? `${path} x-kubernetes-validations` : `${path} x-kubernetes-validations[${e.index}]`;
}

/** The part of a rule an error is about, when not the rule itself: `messageExpression: `. */
function part(field: string): string {
  const m = /\.x-kubernetes-validations\[\d+\]\.(\w+)$/.exec(field);
  return m === null || m[1] === 'rule' ? '' : `${m[1]}: `;
}

/**
 * The API server names the type of `self` `selfType<nanoseconds>`, new at each compilation; one
 * name keeps an issue's text the same from one keystroke to the next.
 */
export const steadyTypeNames = (text: string): string => text.replace(/\bselfType\d+/g, 'selfType');

/** A field error about a node's default (`…properties[config].default`, or a field inside it). */
const DEFAULT_FIELD = /(^|\.)default($|[.[])/;

/**
 * The API server's refusals of a version's rules (compile errors, cost over the limits) and of a
 * default its node's rules refuse (placed at the field, as the studio's own default checks are).
 */
export function compiledRuleIssues(version: string, compiled: CelRulesCompiled): Issue[] {
  if (compiled.error !== undefined) return [error(at(version, '.'), `the schema could not be read: ${compiled.error}`)];
  return compiled.problems.map((p) =>
    DEFAULT_FIELD.test(p.field.replace(/^openAPIV3Schema/, ''))
      ? error(
          at(version, nodePath(p.node ?? [])),
          steadyTypeNames(`the API server refuses the default: ${p.detail}; change the default or the rule`),
        )
      : error(at(version, rulePath(p)), steadyTypeNames(`${part(p.field)}${p.detail}`)),
  );
}

/** A value path as the API server prints it (`spec.ports[0]`, `<nil>`) in the diff's notation. */
export function valuePath(field: string): string {
  return field === '' || field === '<nil>' ? '.' : `.${field}`;
}

/** A schema for the memo key: what cannot change a rule's compilation or outcome left out. */
export function ruleKey(value: unknown): string {
  return JSON.stringify(value, (k, v: unknown) =>
    k === 'description' || k === 'title' || k === 'externalDocs' || k === 'example'
      ? undefined
      : typeof v === 'bigint'
        ? `${v}n` // an exact integer default or enum member (docs/design/0044)
        : v,
  );
}
