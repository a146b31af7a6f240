import axe from 'axe-core';

/**
 * Runs axe on a container and fails with a readable list of violations.
 * `color-contrast` needs real layout, which jsdom lacks; the browser suite checks it.
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
