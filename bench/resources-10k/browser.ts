// The browser's side of the bench, in Debian's Chromium through Playwright: open the kind's page
// (navigation → first row in the DOM), scroll its table (frames per second), and count the bytes
// the page's live subscription (tRPC over SSE: one EventSource request to live.subscribe)
// receives while the cluster changes, from Chromium's own network events (CDP).
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { kindPath } from '../../apps/web/features/resources/paths';
import { CHROMIUM } from '../../tests/e2e/chromium';
import { ticketName, type TicketKind } from './cluster';
import { idleScript, OPEN_TIMES, scrollScript, WATCH_FIRST_ROW, type FrameFigures } from './page-scripts';

export interface OpenFigures {
  /** Navigation start → the first CR row in the DOM (in-page clock). */
  readonly firstRowMs: number;
  /** The same seen from the bench (goto → Playwright sees the row visible). */
  readonly visibleMs: number;
  /** Where that time went: the page's HTML and scripts ready… */
  readonly domContentLoadedMs: number;
  /** …the live stream with the kind's topic opened… */
  readonly streamOpenedMs: number;
  /** …its snapshot's first page arrived; then parsed, folded and rendered until the first row. */
  readonly snapshotMs: number;
  /** goto → the page counts every row (the snapshot's last page is in), bench clock. */
  readonly allRowsMs: number;
}

/** Main-thread time per frame (ms): JavaScript, layout, style, and all tasks together. */
export interface MainThread {
  readonly scriptMs: number;
  readonly layoutMs: number;
  readonly styleMs: number;
  readonly taskMs: number;
}

export interface StreamFigures {
  readonly seconds: number;
  readonly bytes: number;
  readonly messages: number;
  readonly mbPerSecond: number;
}

export class StudioBrowser {
  private constructor(
    private readonly browser: Browser,
    private readonly context: BrowserContext,
    readonly page: Page,
    private readonly cdp: CDPSession,
  ) {
    // the page's live.subscribe streams (an EventSource each), by CDP request id
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.includes('live.subscribe')) this.streams.add(e.requestId);
    });
  }

  private readonly streams = new Set<string>();

  /** A fresh Chromium signed in through the launch URL (as the user opens the `ready:` line). */
  static async open(launchUrl: string): Promise<StudioBrowser> {
    const browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args] });
    const context = await browser.newContext({
      baseURL: new URL(launchUrl).origin,
      viewport: { width: 1400, height: 900 },
    });
    await context.addInitScript({ content: WATCH_FIRST_ROW });
    const page = await context.newPage();
    await page.goto(launchUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    return new StudioBrowser(browser, context, page, cdp);
  }

  async openKind(kind: TicketKind, count: number): Promise<OpenFigures> {
    const started = Date.now();
    await this.page.goto(kindPath(kind.crdName));
    const table = this.page.getByRole('table', { name: 'Ticket resources' });
    await table.getByRole('row', { name: ticketName(0) }).waitFor({ timeout: 120_000 });
    const visibleMs = Date.now() - started;
    await this.page.getByText(`${count.toLocaleString('en')} tickets`, { exact: true }).waitFor({ timeout: 120_000 });
    const allRowsMs = Date.now() - started;
    const times = await this.page.evaluate<Omit<OpenFigures, 'visibleMs' | 'allRowsMs'>>(OPEN_TIMES);
    return { ...times, visibleMs, allRowsMs };
  }

  /** Scrolls for `seconds`; with the page's main-thread time per frame from Chromium's counters. */
  async scroll(seconds: number, step = 400): Promise<FrameFigures & { readonly perFrame: MainThread }> {
    const before = await this.counters();
    const frames = await this.page.evaluate<FrameFigures>(scrollScript(seconds, step));
    const after = await this.counters();
    const per = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / frames.frames;
    return {
      ...frames,
      perFrame: {
        scriptMs: per('ScriptDuration'),
        layoutMs: per('LayoutDuration'),
        styleMs: per('RecalcStyleDuration'),
        taskMs: per('TaskDuration'),
      },
    };
  }

  private async counters(): Promise<Record<string, number>> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  }

  idleFrames(seconds: number): Promise<FrameFigures> {
    return this.page.evaluate<FrameFigures>(idleScript(seconds));
  }

  /** Bytes on the live subscription's stream(s) while `during` runs. */
  async countStream<T>(during: () => Promise<T>): Promise<{ stream: StreamFigures; result: T }> {
    let bytes = 0;
    let messages = 0;
    const onData = (e: { requestId: string; dataLength: number; encodedDataLength: number }) => {
      if (this.streams.has(e.requestId)) bytes += Math.max(e.encodedDataLength, e.dataLength);
    };
    const onMessage = (e: { requestId: string }) => {
      if (this.streams.has(e.requestId)) messages++;
    };
    this.cdp.on('Network.dataReceived', onData);
    this.cdp.on('Network.eventSourceMessageReceived', onMessage);
    const started = performance.now();
    try {
      const result = await during();
      const seconds = (performance.now() - started) / 1000;
      return { stream: { seconds, bytes, messages, mbPerSecond: bytes / 2 ** 20 / seconds }, result };
    } finally {
      this.cdp.off('Network.dataReceived', onData);
      this.cdp.off('Network.eventSourceMessageReceived', onMessage);
    }
  }

  async heapMb(): Promise<number> {
    return ((await this.counters()).JSHeapUsedSize ?? NaN) / 2 ** 20;
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await this.browser.close().catch(() => undefined);
  }
}
