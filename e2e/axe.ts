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

/** Runs axe in the page (through the driver, so the strict CSP stays on), on `within` or the whole document. */
async function axeViolations(page: Page, within: string | null, rules: string[] | null): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(
    async ({ selector, only }) => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: Element | Document, options: object) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe;
      const context = selector ? document.querySelector(selector) : document;
      if (!context) throw new Error(`axe: nothing matches ${selector}`);
      const result = await axe.run(context, only ? { runOnly: only } : {});
      return result.violations;
    },
    { selector: within, only: rules },
  );
}

const describeViolation = (v: AxeViolation) =>
  `${v.id} (${v.impact}): ${v.help} at ${v.nodes
    .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`)
    .join(', ')}`;

/**
 * Serious findings of every rule, each with axe's own summary (for contrast: the measured ratio and both colours).
 * `within` (a CSS selector) limits the run to the element it picks; a selector that picks nothing is an error, not
 * a pass.
 */
export async function seriousAxeViolations(page: Page, within?: string): Promise<string[]> {
  const violations = await axeViolations(page, within ?? null, null);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(describeViolation);
}

/** Every finding of the given rules, whatever its impact, on the whole page. */
export async function axeRuleViolations(page: Page, rules: string[]): Promise<string[]> {
  return (await axeViolations(page, null, rules)).map(describeViolation);
}
