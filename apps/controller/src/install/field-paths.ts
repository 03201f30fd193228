// The API server names invalid CRD fields in its own notation
// (`spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[size].x-kubernetes-validations[0].rule`).
// The designer wants the design's (`versions[v1alpha1].spec.size.validations[0].rule`): translate
// to the diff's notation (`v1alpha1: .spec.size x-kubernetes-validations[0].rule`) and let the
// shared designIssuePath do the rest, so server errors land where local issues do.
import { designIssuePath } from '@opstudio/shared/validate/design-paths';

const IDENT = /^[A-Za-z_$][\w$-]*$/;
const SCHEMA = /^spec\.versions\[(\d+)\]\.schema\.openAPIV3Schema(.*)$/;
const VERSION = /^spec\.versions\[(\d+)\]\.?(.*)$/;
// When every version has the same schema the server validates it once, as `spec.validation`.
const SHARED_SCHEMA = /^spec\.validation\.openAPIV3Schema(.*)$/;

/** `.properties[spec].properties[size].x-kubernetes-validations[0].rule` → `.spec.size x-kubernetes-validations[0].rule`. */
function schemaPath(rest: string): string {
  let out = '';
  let r = rest;
  for (;;) {
    const prop = /^\.properties\[([^\]]*)\]/.exec(r);
    if (prop !== null) {
      const name = prop[1]!;
      out += IDENT.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
      r = r.slice(prop[0].length);
      continue;
    }
    if (r.startsWith('.items') && !/^\.items\w/.test(r)) {
      out += '[*]';
      r = r.slice('.items'.length);
      continue;
    }
    if (r.startsWith('.additionalProperties') && !/^\.additionalProperties\w/.test(r)) {
      out += '.*';
      r = r.slice('.additionalProperties'.length);
      continue;
    }
    break;
  }
  const base = out === '' ? '.' : out;
  const suffix = r.replace(/^\./, '');
  return suffix === '' ? base : `${base} ${suffix}`;
}

/** A field path from an API server Status cause, in design terms (unchanged when nothing matches). */
export function designPathOfServerField(field: string, versionNames: readonly string[]): string {
  const f = field.replace(/^\./, '');
  const schema = SCHEMA.exec(f);
  if (schema !== null) {
    const version = versionNames[Number(schema[1])] ?? schema[1]!;
    return designIssuePath(`${version}: ${schemaPath(schema[2]!)}`, versionNames);
  }
  const shared = SHARED_SCHEMA.exec(f);
  if (shared !== null && versionNames[0] !== undefined)
    return designIssuePath(`${versionNames[0]}: ${schemaPath(shared[1]!)}`, versionNames);
  const version = VERSION.exec(f);
  if (version !== null) {
    const name = versionNames[Number(version[1])] ?? version[1]!;
    return version[2] === ''
      ? designIssuePath(`.spec.versions[${version[1]}]`, versionNames)
      : designIssuePath(`${name}: ${version[2]}`, versionNames);
  }
  if (f.startsWith('spec.') || f === 'metadata.name') return designIssuePath(`.${f}`, versionNames);
  return field;
}
