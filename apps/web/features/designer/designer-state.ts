// The designer's one state: the design (with undo/redo), the YAML editor's text and whether
// that text parses. Pure reducer: a form edit replaces the text with the serialized design; a
// text edit updates the design only when the text parses into a valid shape, otherwise the
// design stays at the last good state and the text keeps what the user typed (nothing is lost).
// After a form edit the text is null: the design is serialized off the main thread (the previews'
// worker) and the editor shows it when it arrives; `sync-text` writes it at once (the editor got
// focus before the serialized text arrived: typing into an older text would undo the form edit).
import { serializeDesign } from '@opstudio/shared/design/io';
import { designSizeProblem } from '@opstudio/shared/design/size-limit';
import type { Design } from '@opstudio/shared/design/schema';
import { parseDesignText } from '@opstudio/shared/designer/validate';
import { record, redo, startHistory, undo, type History } from '@opstudio/shared/designer/history';
import { error, type Issue } from '@opstudio/shared/validate/issue';

export interface DesignerState {
  readonly history: History<Design>;
  /** The editor's text when the user typed it; null means "the serialized design" (written lazily). */
  readonly text: string | null;
  /** Why the editor's text is not the design (syntax or shape), null when it is. */
  readonly textIssues: readonly Issue[] | null;
  /** 1-based line of a YAML syntax error. */
  readonly textErrorLine: number | null;
  /** "designs are limited to 4 MiB; this one is 5.2 MiB" when the text is over DESIGN_MAX_BYTES (then also its one text issue). */
  readonly tooLarge: string | null;
  /**
   * While the text fails its shape checks: a stand-in that passes them (shared design/repair.ts),
   * which the previews' worker checks instead, so one wrong value does not hide every other
   * problem; with the paths it changed (their findings are the shape errors'). Null otherwise.
   */
  readonly standIn: { readonly design: Design; readonly paths: readonly string[] } | null;
  /** The design as last saved (dirty = present !== saved). */
  readonly saved: Design;
  readonly savedVersion: number;
}

export type DesignerAction =
  | { type: 'edit'; next: (d: Design) => Design; group: string | null; at: number }
  | { type: 'text'; text: string; at: number }
  | { type: 'sync-text' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; design: Design; version: number }
  | { type: 'reset'; design: Design; version: number };

export function initDesigner(init: { design: Design; version: number }): DesignerState {
  return {
    history: startHistory(init.design),
    text: null,
    textIssues: null,
    textErrorLine: null,
    tooLarge: null,
    standIn: null,
    saved: init.design,
    savedVersion: init.version,
  };
}

function withDesign(state: DesignerState, history: History<Design>): DesignerState {
  if (history === state.history) return state;
  return { ...state, history, text: null, textIssues: null, textErrorLine: null, tooLarge: null, standIn: null };
}

/** What the editor shows. Serializing a big design costs milliseconds: the designer does it deferred. */
export function designerText(state: DesignerState): string {
  return state.text ?? serializeDesign(state.history.present);
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'edit': {
      const next = action.next(state.history.present);
      return withDesign(state, record(state.history, next, action.group, action.at));
    }
    case 'text': {
      if (action.text === state.text) return state;
      // over the cap the text is kept (nothing lost) but never parsed: parsing megabytes per
      // keystroke would freeze the page, and such a design could not be saved anyway
      const tooLarge = designSizeProblem(action.text);
      if (tooLarge !== null)
        return {
          ...state,
          text: action.text,
          textIssues: [error('', tooLarge)],
          textErrorLine: null,
          tooLarge,
          standIn: null,
        };
      const parsed = parseDesignText(action.text);
      if (!parsed.ok)
        return {
          ...state,
          text: action.text,
          textIssues: parsed.issues,
          textErrorLine: parsed.line,
          tooLarge: null,
          standIn: parsed.standIn ?? null,
        };
      return {
        ...state,
        text: action.text,
        textIssues: null,
        textErrorLine: null,
        tooLarge: null,
        standIn: null,
        history: record(state.history, parsed.design, 'yaml', action.at),
      };
    }
    case 'sync-text':
      return state.text !== null ? state : { ...state, text: serializeDesign(state.history.present) };
    case 'undo':
      return withDesign(state, undo(state.history));
    case 'redo':
      return withDesign(state, redo(state.history));
    case 'saved':
      return { ...state, saved: action.design, savedVersion: action.version };
    case 'reset':
      return initDesigner({ design: action.design, version: action.version });
  }
}
