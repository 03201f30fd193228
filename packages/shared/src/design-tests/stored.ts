// The custom resource as the API server would store it, for a case or `opstudio render`: the
// version's schema from the CRD the design generates, unknown fields pruned and defaults applied
// by the API server's own code in the CEL module (so a CR that leaves `spec.version` to its
// default renders as the controller would see it).
import type { CelEngine } from '../cel/engine';
import { crdObject } from '../crd/generate';
import type { CustomResourceDefinition, JSONSchemaProps, JSONValue } from '../crd/types';
import type { Design } from '../design/schema';
import { storageVersion } from '../manifests/sample';

/** The version's openAPIV3Schema in the CRD the design generates (default: the storage version). */
export function versionSchema(
  design: Design,
  version: string | undefined,
  crd: CustomResourceDefinition = crdObject(design),
): JSONSchemaProps | undefined {
  const name = version ?? storageVersion(design).name;
  return crd.spec.versions.find((v) => v.name === name)?.schema?.openAPIV3Schema;
}

/** The object pruned and defaulted at its apiVersion's version; as given when that cannot be done. */
export function storedObject<T extends Record<string, unknown>>(engine: CelEngine, design: Design, object: T): T {
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : '';
  const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : undefined;
  const schema = versionSchema(design, version);
  if (schema === undefined) return object;
  const out = engine.validate({ schema, object: object as unknown as JSONValue, stored: true });
  return (out.object as T | undefined) ?? object;
}
