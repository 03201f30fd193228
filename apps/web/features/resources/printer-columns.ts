// How a kind's printer columns show in the table: shared with `opstudio get` (the same cells in a terminal).
export { ageText, cellText, visibleColumns } from '@opstudio/shared/resources/printer-text';
