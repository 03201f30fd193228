/**
 * CustomResourceDefinitions: generate one from a design (byte-identical to controller-gen),
 * import one into a design (reporting what stays raw), and the apiextensions v1 types.
 */
export { generateCrd, crdObject, CONTROLLER_GEN_VERSION_ANNOTATION } from './generate';
export { importCrd, type ImportResult, type Unrepresentable } from './import';
export { fieldToSchema, rootSchema } from './field-schema';
export { CONDITION_ITEM, API_VERSION_PROPERTY, KIND_PROPERTY, METADATA_PROPERTY } from './standard';
export type * from './types';
