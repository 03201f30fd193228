// Scripts that run inside the page, as text (the bench compiles without the DOM's types, like the
// e2e specs): they may use only the browser's globals.

export interface FrameFigures {
  readonly frames: number;
  readonly seconds: number;
  readonly meanFps: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly worstMs: number;
  readonly rowsInDom: number;
}

/**
 * An init script: notes (ms since navigation start) when the first table row (a CR, not a
 * spacer) is in the DOM, when the last live.subscribe stream opened before it, and when the
 * table's snapshot (its first page: a long one comes in pages) arrived on one: where the time to
 * the first row goes.
 */
export const WATCH_FIRST_ROW = `(() => {
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      if (window.__tenkFirstRowAt === undefined) window.__tenkStreamAt = performance.now();
      this.addEventListener('message', (e) => {
        if (
          window.__tenkSnapshotAt === undefined &&
          typeof e.data === 'string' &&
          e.data.includes('"topic":"resources:') &&
          e.data.includes('"type":"snapshot"')
        )
          window.__tenkSnapshotAt = performance.now();
      });
    }
  };
  const seen = () => document.querySelector('[data-testid="kind-table-scroller"] tbody tr[aria-label]') !== null;
  const observer = new MutationObserver(() => {
    if (window.__tenkFirstRowAt === undefined && seen()) {
      window.__tenkFirstRowAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

export const OPEN_TIMES = `({
  firstRowMs: window.__tenkFirstRowAt ?? NaN,
  streamOpenedMs: window.__tenkStreamAt ?? NaN,
  snapshotMs: window.__tenkSnapshotAt ?? NaN,
  domContentLoadedMs: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN,
})`;

/** Counts animation frames for \`seconds\` with nothing to do: the machine's own frame rate, the baseline. */
export const idleScript = (seconds: number): string => `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const times = [];
  let last = await frame();
  const started = last;
  while (last - started < ${seconds * 1000}) {
    const now = await frame();
    times.push(now - last);
    last = now;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const total = (last - started) / 1000;
  return { frames: times.length, seconds: total, meanFps: times.length / total, p50Ms: q(0.5), p95Ms: q(0.95), worstMs: sorted[sorted.length - 1], rowsInDom: 0 };
})()`;

/**
 * Scrolls the table's scroller by \`step\` px per animation frame for \`seconds\`, reversing at
 * either end, and times every frame (requestAnimationFrame to requestAnimationFrame).
 */
export const scrollScript = (seconds: number, step: number): string => `(async () => {
  const el = document.querySelector('[data-testid="kind-table-scroller"]');
  if (el === null) throw new Error('no kind table on the page');
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const times = [];
  let direction = 1;
  let last = await frame();
  const started = last;
  while (last - started < ${seconds * 1000}) {
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) direction = -1;
    else if (el.scrollTop <= 0) direction = 1;
    el.scrollTop += direction * ${step};
    const now = await frame();
    times.push(now - last);
    last = now;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const total = (last - started) / 1000;
  return {
    frames: times.length,
    seconds: total,
    meanFps: times.length / total,
    p50Ms: q(0.5),
    p95Ms: q(0.95),
    worstMs: sorted[sorted.length - 1],
    rowsInDom: el.querySelectorAll('tbody tr[aria-label]').length,
  };
})()`;
