import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe in the page (evaluated through the driver, so the strict CSP stays on) and returns serious findings,
 * each with axe's own summary (for contrast: the measured ratio and both colours). `within` (a CSS selector)
 * limits the run to the element it picks; a selector that picks nothing is an error, not a pass.
 */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Element | Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const context = selector ? document.querySelector(selector) : document;
    if (!context) throw new Error(`axe: nothing matches ${selector}`);
    const result = await axe.run(context);
    return result.violations;
  }, within ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`)
          .join(', ')}`,
    );
}
