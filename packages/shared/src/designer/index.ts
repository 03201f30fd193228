/**
 * The designer's pure logic, shared by the web app and its tests: field-tree edits on a design,
 * undo/redo history, the design's JSON schema for the YAML editor, issue paths located in the
 * YAML text, and all preview artefacts in one pass.
 */
export * from './field-tree';
export * from './history';
export { designJsonSchema } from './json-schema';
export { locateDesignPath, locateDesignPaths, type TextRange } from './locate';
export { computePreviews, type Artefact, type Previews } from './previews';
export { checkDesignValue, parseDesignText, type DesignCheck, type TextParse } from './validate';
