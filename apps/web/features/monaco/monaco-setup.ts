'use client';
// Monaco from this app's own bundle, never from a CDN: @monaco-editor/react's loader is pointed
// at the bundled monaco-editor, and both workers (the editor's and monaco-yaml's language
// server) are bundled files served from our origin (`new Worker(new URL(…, import.meta.url))`
// is what Turbopack and webpack both turn into a worker chunk). Imported only in the browser.
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import { configureMonacoYaml } from 'monaco-yaml';
import { designJsonSchema } from '@opstudio/shared/designer/json-schema';

export const DESIGN_MODEL_URI = 'file:///design.opstudio.yaml';

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

let configured = false;

export function setUpMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  window.MonacoEnvironment = {
    getWorker(_moduleId: string, label: string): Worker {
      if (label === 'yaml') return new Worker(new URL('monaco-yaml/yaml.worker', import.meta.url), { type: 'module', name: 'yaml' });
      return new Worker(new URL('monaco-editor/esm/vs/editor/editor.worker', import.meta.url), { type: 'module', name: 'editor' });
    },
  };
  loader.config({ monaco });
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    hover: true,
    completion: true,
    validate: true,
    schemas: [{ uri: 'https://opstudio.invalid/schemas/operator-design.json', fileMatch: [DESIGN_MODEL_URI], schema: designJsonSchema() }],
  });
  return monaco;
}
