'use client';
// A preview's text. Real CRDs make megabyte previews (kyverno's CRD: 1.4 MB, 30,000 lines), and
// laying out a text node that size took the main thread 100–300 ms on every preview update, so
// typing in the form stalled while the CRD tab was open. Small texts stay one <pre> (searchable
// with Ctrl-F); large ones render only the lines in view of the panel that scrolls them (same
// scrolling as before, lines of one fixed height). Copy and Download still take the whole text.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';

/** Texts up to this many characters are rendered whole. */
export const WINDOW_FROM = 200_000;
/** px: the line height of a windowed text (fixed, so a line's offset is its index times this). */
const LINE = 18;

export function CodeText({ text }: { readonly text: string }) {
  if (text.length <= WINDOW_FROM)
    return (
      // focusable: a long line scrolls sideways, and the keyboard must reach it (axe: scrollable-region-focusable)
      <pre tabIndex={0}>
        <code>{text}</code>
      </pre>
    );
  return <WindowedText text={text} />;
}

function scrollParent(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p !== null; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY === 'auto' || overflowY === 'scroll') return p;
  }
  return null;
}

function WindowedText({ text }: { readonly text: string }) {
  const lines = useMemo(() => text.split('\n'), [text]);
  const pre = useRef<HTMLPreElement>(null);
  const [scroller, setScroller] = useState<{ el: HTMLElement; margin: number } | null>(null);
  useLayoutEffect(() => {
    const el = scrollParent(pre.current);
    if (el === null || pre.current === null) return;
    const margin = pre.current.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
    setScroller({ el, margin });
  }, []);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller?.el ?? null,
    estimateSize: () => LINE,
    overscan: 40,
    scrollMargin: scroller?.margin ?? 0,
    initialRect: { width: 0, height: 1000 },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  return (
    <pre ref={pre} tabIndex={0} style={{ position: 'relative', height: lines.length * LINE, lineHeight: `${LINE}px` }}>
      {first !== undefined ? (
        <code style={{ position: 'absolute', left: 0, top: first.index * LINE }}>
          {lines.slice(first.index, (items.at(-1)?.index ?? first.index) + 1).join('\n')}
        </code>
      ) : null}
    </pre>
  );
}
