import fs from 'node:fs';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules of axe-core (issue 11, defect 23). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

let axeSource: string | null = null;
/** axe-core's browser bundle, from the e2e workspace's exact-pinned devDependency (nothing downloaded). */
function source(): string {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/** Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now; answers the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Colours are measured as drawn: a modal or a menu still fading in would read as low contrast.
  // (Endless ones, such as a spinner, are left alone.)
  const settled = () =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
  // Two frames first: a motion triggered by the last key or click (a dropdown's leave) has started by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(settled, undefined, {
    timeout: 10_000,
  });
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  // Evaluated rather than added as a script tag: works whatever the page's CSP allows.
  if (!injected) await page.evaluate(source());
  return page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return (
        result.violations as Array<{
          id: string;
          impact: string | null;
          help: string;
          nodes: Array<{ target: unknown[]; failureSummary?: string }>;
        }>
      ).map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({ target: node.target.map(String), summary: node.failureSummary ?? '' })),
      }));
    },
    [...WCAG_TAGS],
  );
}

/** One line per violating node: rule, selector and axe's reason. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')}: ${node.summary.replace(/\s+/g, ' ')}`,
      ),
    )
    .join('\n');
}

/** Number of violating nodes. */
export const violatingNodes = (violations: readonly AxeViolation[]): number => violations.reduce((sum, v) => sum + v.nodes.length, 0);

/** Fails (with every violating node listed) unless axe finds no WCAG 2.1 A/AA violation on the page. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) {
    throw new Error(`axe-core: ${violatingNodes(violations)} violating node(s) on ${screen}:\n${describeViolations(violations)}`);
  }
}
