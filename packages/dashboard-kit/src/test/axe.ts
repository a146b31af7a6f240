import axe from 'axe-core';

/**
 * Runs axe on a container and fails with a readable list of violations. jsdom has no layout, so
 * `color-contrast` cannot be measured here (axe would report it as incomplete, never as failed) and
 * is off: the theme does not change what this checks. Contrast is measured in Chromium, on every
 * page of the app in both themes (e2e/accessibility.e2e.ts).
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = result.violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
    .join('\n');
  if (result.violations.length > 0) {
    throw new Error(`axe found ${result.violations.length} violation(s), ${serious.length} serious:\n${report}`);
  }
}
