// Small CRDs for the diff's table tests: a Memcached-like v1 with `.spec` fields.
import type { CustomResourceDefinition, CustomResourceDefinitionVersion, JSONSchemaProps } from './types';

export function version(
  name: string,
  spec: Record<string, JSONSchemaProps>,
  extra: Partial<CustomResourceDefinitionVersion> = {},
): CustomResourceDefinitionVersion {
  return {
    name,
    served: true,
    storage: true,
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          metadata: { type: 'object' },
          spec: { type: 'object', properties: spec },
        },
      },
    },
    ...extra,
  };
}

export function crd(
  spec: Record<string, JSONSchemaProps> = {},
  patch: (c: CustomResourceDefinition) => void = () => {},
): CustomResourceDefinition {
  const c: CustomResourceDefinition = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'memcacheds.cache.example.com' },
    spec: {
      group: 'cache.example.com',
      names: { kind: 'Memcached', listKind: 'MemcachedList', plural: 'memcacheds', singular: 'memcached' },
      scope: 'Namespaced',
      versions: [version('v1', spec)],
    },
  };
  patch(c);
  return c;
}

/** The `.spec` node of the first version, for tests that edit it in place. */
export function specNode(c: CustomResourceDefinition): JSONSchemaProps {
  const node = c.spec.versions[0]?.schema?.openAPIV3Schema?.properties?.spec;
  if (!node) throw new Error('fixture has no .spec');
  return node;
}
