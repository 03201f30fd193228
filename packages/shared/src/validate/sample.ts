// Checks a sample custom resource against one version's schema: the same value checks as the
// API server (value.ts), then the version's CEL rules run by the API server's own validator
// (the CEL module; transition rules do not run on a create). The rules are skipped until the
// module is loaded.
import { celEngine } from '../cel/engine';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { shapeSchema } from '../crd/diff-shape';
import { valuePath } from './cel-engine-issues';
import { error, warning, type Issue } from './issue';
import { validateValue } from './value';

function celIssues(version: string, schema: JSONSchemaProps, sample: JSONValue): Issue[] {
  const engine = celEngine();
  if (engine === undefined) return [];
  const result = engine.validate({ schema, object: sample });
  if (result.error !== undefined) return [warning(`sample ${version}: .`, `the rules were not run: ${result.error}`)];
  return [
    ...result.errors
      .filter((e) => e.rule === true)
      .map((e) => error(`sample ${version}: ${valuePath(e.field)}`, e.detail)),
    ...result.warnings.map((w) => warning(`sample ${version}: .`, w)),
  ];
}

export function validateSample(version: string, schema: JSONSchemaProps | undefined, sample: JSONValue): Issue[] {
  if (schema === undefined) return [];
  schema = shapeSchema(schema, '.');
  const out: Issue[] = validateValue(schema, sample, '.', true).map((p) =>
    error(`sample ${version}: ${p.path}`, p.message),
  );
  // the module runs the API server's own schema checks too, and no rule when one of them blocks
  if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) return out;
  return [...out, ...celIssues(version, schema, sample)];
}
