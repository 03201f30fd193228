/**
 * Custom resources as tables: the JSONPath subset of CRD printer columns and the row a kind's
 * table shows for each object (printer cells, conditions, generations). Pure: used by the
 * controller's `resources:` live topics and usable in the browser.
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
