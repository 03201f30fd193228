/**
 * The designer: a form for the whole design model and the same design as YAML in Monaco, kept
 * in sync both ways through one reducer, with undo/redo, validation at the field and in the
 * editor, previews beside it, save (versions) and install with live progress.
 */
export { Designer, type DesignerProps } from './Designer';
export { DesignerPage } from './DesignerPage';
