/**
 * Monaco, offline: the bundled editor and workers (monaco-setup.ts) and the design's YAML
 * editor. Import DesignYamlEditor through next/dynamic with ssr: false.
 */
export type { DesignYamlEditorProps } from './DesignYamlEditor';
