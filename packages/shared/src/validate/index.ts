/**
 * Local validation as the designer types: names, structural-schema rules, defaults that
 * break their own constraints, CEL rules that do not parse, and a sample CR checked
 * against the schema and its CEL rules. Pure functions over apiextensions v1 types that
 * return Issue[] (path, actionable message, error | warning); the API server's dry-run at
 * install remains the authority.
 */
export { type Issue, type IssueSeverity, hasErrors } from './issue';
export { validateCrd, validateNames } from './crd';
export {
  validateGroup,
  validateLabel,
  validateKind,
  validateVersionName,
  validateGoIdentifier,
  validateGoFieldName,
  validateJsonFieldName,
  validateGoStructFields,
  GO_KEYWORDS,
} from './names';
export { validateStructural } from './structural';
export { validateDefaults } from './defaults';
export { validateCelRules } from './cel-rules';
export { validateValue, type ValueProblem } from './value';
export { validateSample } from './sample';
