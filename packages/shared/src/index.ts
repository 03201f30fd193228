/**
 * @opstudio/shared: the pure core of Operator Studio, run in the browser (every keystroke of
 * the designer) and in Node. The design model and its file format, the CRD generator and
 * importer, and the go-yaml-v2-compatible YAML writer. No I/O here: callers bring the text.
 */
export * from './design/index';
export * from './crd/index';
export * from './yaml/index';
export * from './manifests/index';
export * from './operand/index';
export * from './gotypes/index';
export { validateDesign, validateDesignText } from './validate/design';
export { type Issue, type IssueSeverity, hasErrors } from './validate/issue';
