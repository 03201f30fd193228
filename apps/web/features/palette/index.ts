/** The command palette (Ctrl/⌘-K), the keyboard shortcuts and their help overlay (docs/design/0034-command-palette.md). */
export { Palette } from './Palette';
export { requestDesignerAction, useDesignerAction, type DesignerAction } from './designer-intent';
