// Keeps Tab inside a modal <dialog>. showModal() makes the page behind inert, but Chromium still
// tabs from the last control out to the browser's own UI; a dialog that asks for a decision
// (the apply review) cycles between its own controls instead (WAI-ARIA dialog pattern).
import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (first === undefined || last === undefined) return;
  const at = document.activeElement;
  const inside = at instanceof HTMLElement && controls.includes(at);
  if (event.shiftKey && (!inside || at === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || at === last)) {
    event.preventDefault();
    first.focus();
  }
}
