/**
 * The operator design model: a zod schema (types derived from it), the file format
 * (`kind: OperatorDesign`), and names derived from a design (group, plural, Go names).
 */
export * from './schema';
export * from './field';
export { parseDesign, serializeDesign, type ParseDesignResult } from './io';
export { formatPath, type DesignError } from './errors';
export {
  deriveGoName,
  fullGroup,
  pluralize,
  resolveNames,
  crdName,
  controllerGenVersion,
  type ResolvedNames,
} from './names';
export { FIELD_KINDS, QUANTITY_PATTERN, fieldKind, kindKeywords, withKind, type FieldKind } from './kinds';
