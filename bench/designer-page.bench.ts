// The designer page against a running production build (BASE, default http://127.0.0.1:3212;
// e.g. the test profile's http://127.0.0.1:3100): first load (JS transferred, time until the form
// and Monaco are usable), keystroke → preview painted on the 200-field design (a kind, a field's
// description), and requests that left 127.0.0.1.
// Run: BASE=http://127.0.0.1:3100 node --import tsx bench/designer-page.bench.ts
// The studio's launch token comes from TOKEN, else from the profile's launch-token file.
import { readFileSync } from 'node:fs';
import { launchUrl } from '@opstudio/shared/security/launch';
import { launchSecretsOf } from '../apps/controller/src/auth/launch-token';
import { chromium } from '@playwright/test';
import { serializeDesign } from '../packages/shared/src/design/io';
import { design200 } from './design-200';
import { CHROMIUM } from '../tests/e2e/chromium';
const base = process.env.BASE ?? 'http://127.0.0.1:3212';
const webPort = Number(new URL(base).port || 80);
const token =
  process.env.TOKEN ?? readFileSync(webPort === 3100 ? 'data/test/launch-token' : 'data/launch-token', 'utf8').trim();
const auth = { authorization: `Bearer ${token}` };
const res = await fetch(`${base}/api/trpc/designs.save`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-opstudio-csrf': '1', ...auth },
  body: JSON.stringify({ name: `bench-200-${Date.now()}`, yaml: serializeDesign(design200()) }),
});
const id = ((await res.json()) as { result: { data: { id: string } } }).result.data.id;
const browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args] });
const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
// in by the ready line's link, on the launch host where its cookie lives (docs/design/0036-launch-host.md)
const browserBase = new URL(launchUrl(base, token, launchSecretsOf(token).host)).origin;
await page.goto(launchUrl(base, token, launchSecretsOf(token).host));
const external: string[] = [];
const workers: string[] = [];
let jsBytes = 0;
let allBytes = 0;
page.on('worker', (w) => workers.push(w.url()));
page.on('requestfinished', async (r) => {
  const u = new URL(r.url());
  const local = ['127.0.0.1', 'localhost'].includes(u.hostname) || u.hostname.endsWith('.localhost');
  if (!local && !['data:', 'blob:'].includes(u.protocol)) external.push(r.url());
  const sizes = await r.sizes().catch(() => null);
  if (!sizes) return;
  allBytes += sizes.responseBodySize + sizes.responseHeadersSize;
  if (r.resourceType() === 'script' || r.url().endsWith('.js')) jsBytes += sizes.responseBodySize;
});
page.on('requestfailed', (r) => {
  const u = new URL(r.url());
  if (!['127.0.0.1', 'localhost'].includes(u.hostname)) external.push(r.url());
});
const t0 = Date.now();
await page.goto(`${browserBase}/designs/${id}`);
await page.getByRole('textbox', { name: 'Kind' }).waitFor({ timeout: 120000 });
const formReady = Date.now() - t0;
await page
  .getByRole('region', { name: 'Design YAML' })
  .locator('.view-lines')
  .getByText('OperatorDesign')
  .waitFor({ timeout: 120000 });
const editorReady = Date.now() - t0;
await page.waitForLoadState('networkidle');
console.log(
  JSON.stringify({
    formReadyMs: formReady,
    editorReadyMs: editorReady,
    jsTransferredKiB: Math.round(jsBytes / 1024),
    allTransferredKiB: Math.round(allBytes / 1024),
    workers,
  }),
);

// keystroke → preview painted (CRD tab shows the new kind), 15 samples
await page.getByRole('tab', { name: 'CRD' }).click();
const kind = page.getByRole('textbox', { name: 'Kind' });
await kind.click();
await page.keyboard.press('End');
// 15 keystrokes, each timed from the input event until the preview panel shows `prefix + value`
// and the next frame has painted.
async function measureKeystrokes(label: string, prefix: string): Promise<void> {
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) {
    const letter = String.fromCharCode(97 + i);
    const ms = await page.evaluate<number>(`(async () => {
      const letter = ${JSON.stringify(letter)};
      const input = document.activeElement;
      const panel = document.querySelector('[role=tabpanel]');
      const want = ${JSON.stringify(prefix)} + input.value + letter;
      const start = performance.now();
      const done = new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if ((panel.textContent || '').includes(want)) { obs.disconnect(); requestAnimationFrame(() => resolve(performance.now() - start)); }
        });
        obs.observe(panel, { subtree: true, childList: true, characterData: true });
      });
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value').set;
      setter.call(input, input.value + letter);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return done;
    })()`);
    samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      [label]: { median: samples[7]!.toFixed(1), p90: samples[13]!.toFixed(1), max: samples[14]!.toFixed(1) },
    }),
  );
}
await measureKeystrokes('kindKeystrokeToPreviewPaintMs', 'kind: ');
// a field's description (the common case: one field's subtree changes)
await page.getByRole('button', { name: 'Edit field replicas' }).first().click();
await page.getByLabel('Description', { exact: true }).click();
await page.keyboard.press('End');
await measureKeystrokes('descriptionKeystrokeToPreviewPaintMs', 'description: ');

console.log(JSON.stringify({ external }));
await fetch(`${base}/api/trpc/designs.delete`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-opstudio-csrf': '1', ...auth },
  body: JSON.stringify({ id }),
});
await browser.close();
