'use client';
// Monaco from this app's own bundle, never from a CDN: @monaco-editor/react's loader is pointed
// at the bundled monaco-editor, and both workers (the editor's and monaco-yaml's language
// server) are bundled files served from our origin (`new Worker(new URL(…, import.meta.url))`
// is what Turbopack and webpack both turn into a worker chunk). Imported only in the browser.
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import { configureMonacoYaml } from 'monaco-yaml';
import type { JSONSchema, MonacoYaml, SchemasSettings } from 'monaco-yaml';
import { designJsonSchema } from '@opstudio/shared/designer/json-schema';

export const DESIGN_MODEL_URI = 'file:///design.opstudio.yaml';

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

let yaml: MonacoYaml | null = null;
const DESIGN_SCHEMA_URI = 'https://opstudio.invalid/schemas/operator-design.json';
/** Schemas added at run time (a CR's kind), by the model URI they apply to. */
const extraSchemas = new Map<string, SchemasSettings>();

let designSchema: SchemasSettings | null = null;

function allSchemas(): SchemasSettings[] {
  designSchema ??= { uri: DESIGN_SCHEMA_URI, fileMatch: [DESIGN_MODEL_URI], schema: designJsonSchema() };
  return [designSchema, ...extraSchemas.values()];
}

/**
 * Validate and complete the model at `modelUri` against `schema` until the returned function is
 * called (the CR page's editor: its kind's schema). No request is made: the schema is inline.
 */
export function addYamlSchema(modelUri: string, schemaId: string, schema: JSONSchema): () => void {
  setUpMonaco();
  const entry = { uri: schemaId, fileMatch: [modelUri], schema };
  extraSchemas.set(modelUri, entry);
  void yaml?.update({ schemas: allSchemas() });
  return () => {
    if (extraSchemas.get(modelUri) !== entry) return;
    extraSchemas.delete(modelUri);
    void yaml?.update({ schemas: allSchemas() });
  };
}

export function setUpMonaco(): typeof monaco {
  if (yaml !== null) return monaco;
  window.MonacoEnvironment = {
    getWorker(_moduleId: string, label: string): Worker {
      if (label === 'yaml')
        return new Worker(new URL('monaco-yaml/yaml.worker', import.meta.url), { type: 'module', name: 'yaml' });
      return new Worker(new URL('monaco-editor/esm/vs/editor/editor.worker', import.meta.url), {
        type: 'module',
        name: 'editor',
      });
    },
  };
  loader.config({ monaco });
  yaml = configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    hover: true,
    completion: true,
    validate: true,
    schemas: allSchemas(),
  });
  return monaco;
}
