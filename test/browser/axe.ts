import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated over the DevTools protocol: the page's CSP (rightly) refuses an injected script tag.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
}

/** axe-core's WCAG 2.1 A and AA rules on the whole page (or what `include` selects): one line per violation. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResult> } })
      .axe;
    const context = selector ? { include: [selector] } : (globalThis as unknown as { document: unknown }).document;
    const result = await axe.run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`,
    );
  }, include);
}
