// The designer's first preview after load, in Chromium against a running studio: the Web app
// example saved as a design, its page opened, "What the controller creates" chosen as soon as
// the tab exists; measured from navigation start to (a) the first preview painted (the main
// thread's, without CEL) and (b) the preview with a CEL-evaluated child value once the worker's
// CEL module is ready (data-cel="ready" on the previews). Cold: a fresh browser profile; warm: the
// same profile again (module bytes and compiled code cached).
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { launchUrl } from '@opstudio/shared/security/launch';
import { launchSecretsOf } from '../../apps/controller/src/auth/launch-token';
import { CHROMIUM } from '../../tests/e2e/chromium';

export interface FirstPreview {
  readonly firstPreviewMs: number;
  readonly celPreviewMs: number;
}

/** A child value the Web app example's sample renders through CEL: the ConfigMap's `${self.spec.greeting}`. */
const CEL_VALUE = 'GREETING: hello';

async function saveWebApp(base: string, token: string): Promise<string> {
  const yaml = readFileSync(new URL('../../examples/webapp.design.yaml', import.meta.url), 'utf8');
  const res = await fetch(`${base}/api/trpc/designs.save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-opstudio-csrf': '1', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: `bench-cel-${Date.now()}`, yaml }),
  });
  if (!res.ok) throw new Error(`saving the design: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { data: { id: string } } }).result.data.id;
}

async function removeDesign(base: string, token: string, id: string): Promise<void> {
  await fetch(`${base}/api/trpc/designs.delete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-opstudio-csrf': '1', authorization: `Bearer ${token}` },
    body: JSON.stringify({ id }),
  }).catch(() => undefined);
}

export async function firstPreviews(base: string, token: string, visits = 2): Promise<FirstPreview[]> {
  const id = await saveWebApp(base, token);
  const browser = await chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args] });
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const out: FirstPreview[] = [];
  try {
    const entry = launchUrl(base, token, launchSecretsOf(token).host);
    const page = await context.newPage();
    await page.goto(entry); // the launch cookie, on the launch host
    const origin = new URL(page.url()).origin;
    for (let v = 0; v < visits; v++) {
      await page.goto('about:blank');
      const t0 = Date.now();
      await page.goto(`${origin}/designs/${encodeURIComponent(id)}`, { waitUntil: 'commit' });
      const tab = page.getByRole('tab', { name: 'What the controller creates' });
      await tab.click({ timeout: 120_000 });
      const panel = page.getByRole('tabpanel');
      await panel.locator('pre, code, [role=alert]').first().waitFor({ timeout: 120_000 });
      const firstPreviewMs = Date.now() - t0;
      await page.locator('[aria-label="Previews"][data-cel="ready"]').waitFor({ timeout: 180_000 });
      await panel.getByText(CEL_VALUE).first().waitFor({ timeout: 60_000 });
      out.push({ firstPreviewMs, celPreviewMs: Date.now() - t0 });
      await page.waitForTimeout(15_000); // V8 writes the module's compiled code to the cache meanwhile
    }
  } finally {
    await browser.close();
    await removeDesign(base, token, id);
  }
  return out;
}
