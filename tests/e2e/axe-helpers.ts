// axe-core's verdict on a page as the accessibility specs read it: serious and critical violations
// of the WCAG 2.0 A/AA and 2.1 AA rules, one line each naming where.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    );
}
