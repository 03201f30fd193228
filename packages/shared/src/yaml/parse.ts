/**
 * Reads one YAML document into plain JSON-like values with the YAML 1.2 core schema, so a
 * quoted "True" stays a string and 1.5 stays a number, plus YAML 1.1's plain yes/no/on/off/y/n
 * booleans, because Kubernetes (sigs.k8s.io/yaml, go-yaml v2) reads those as booleans too.
 * Never throws: bad input comes back as a one-line message with its line number.
 */
import { parseAllDocuments } from 'yaml';
import type { YamlValue } from './emit';

const YAML11_BOOL = {
  tag: 'tag:yaml.org,2002:bool',
  default: true,
  test: /^(?:y|Y|yes|Yes|YES|on|On|ON|n|N|no|No|NO|off|Off|OFF)$/,
  resolve: (s: string): boolean => /^(?:y|Y|yes|Yes|YES|on|On|ON)$/.test(s),
};

export type ParseYamlResult = { ok: true; value: YamlValue } | { ok: false; message: string };

export function parseYaml(text: string): ParseYamlResult {
  let docs;
  try {
    docs = parseAllDocuments(text, { schema: 'core', customTags: (tags) => [...tags, YAML11_BOOL], uniqueKeys: true, prettyErrors: true, strict: true });
  } catch (err) {
    return { ok: false, message: `not valid YAML: ${String(err)}` };
  }
  if (!Array.isArray(docs)) return { ok: false, message: 'not valid YAML: the text is empty' };
  const nonEmpty = docs.filter((d) => d.contents !== null || d.errors.length > 0);
  if (nonEmpty.length === 0) return { ok: false, message: 'not valid YAML: the text is empty' };
  if (nonEmpty.length > 1) return { ok: false, message: `expected one YAML document, found ${nonEmpty.length}` };
  const doc = nonEmpty[0]!;
  const err = doc.errors[0];
  if (err) {
    const line = err.linePos?.[0].line;
    const first = err.message.split('\n')[0] ?? err.message;
    return { ok: false, message: `not valid YAML${line ? ` (line ${line})` : ''}: ${first}` };
  }
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) as YamlValue };
  } catch (e) {
    return { ok: false, message: `not valid YAML: ${e instanceof Error ? e.message : String(e)}` };
  }
}
