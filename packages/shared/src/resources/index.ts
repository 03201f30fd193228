/**
 * Custom resources as tables: the JSONPath subset of CRD printer columns and the row a kind's
 * table shows for each object (printer cells, conditions, generations). Pure: used by the
 * controller's `resources:` live topics and usable in the browser. And edits of one object: JSON
 * merge patches both ways, the changed fields between two versions, the object as the apply
 * dialog compares it, and what a conflict with a change made meanwhile means for a draft
 * (docs/design/0032-apply-diff.md).
 */
export { evaluateJsonPath, JsonPathError } from './jsonpath';
export {
  compareByPlace,
  conditionsOf,
  printerCell,
  resourceRow,
  type PrinterCell,
  type PrinterColumnSpec,
  type ResourceRow,
  type RowCondition,
} from './row';
export { editConflict, rebaseDraft, type EditConflict, type Rebased } from './edit-conflict';
export { applyMergePatch, mergePatchOf } from './merge-patch';
export { changeText, objectChanges, type ObjectChange } from './object-changes';
export { reviewObject } from './review-object';
