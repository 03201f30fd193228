// A click on a problem in the Problems panel focuses the input it is about: the one whose
// `data-issue-path` is the problem's path, else the first input under that path (a field's
// problem → its first keyword; a CEL rule's → its Rule), else the input of the closest path
// above it. Closed <details> around it are opened first.
import { ISSUE_PATH_ATTR } from './form-bits';

const under = (path: string, parent: string): boolean => path.startsWith(`${parent}.`) || path.startsWith(`${parent}[`);

export function inputForPath(root: ParentNode, path: string): HTMLElement | null {
  const inputs = [...root.querySelectorAll<HTMLElement>(`[${ISSUE_PATH_ATTR}]`)].map((el) => ({
    el,
    path: el.getAttribute(ISSUE_PATH_ATTR) ?? '',
  }));
  const exact = inputs.find((i) => i.path === path) ?? inputs.find((i) => under(i.path, path));
  if (exact !== undefined) return exact.el;
  let best: { el: HTMLElement; path: string } | undefined;
  for (const i of inputs) if (under(path, i.path) && (best === undefined || i.path.length > best.path.length)) best = i;
  return best?.el ?? null;
}

/** Scrolls the input for `path` into view and focuses it; false when no input shows that path. */
export function focusIssuePath(root: ParentNode, path: string): boolean {
  const el = inputForPath(root, path);
  if (el === null) return false;
  for (let d = el.closest('details'); d !== null; d = d.parentElement?.closest('details') ?? null) d.open = true;
  el.scrollIntoView({ block: 'center' });
  el.focus({ preventScroll: true });
  return true;
}
