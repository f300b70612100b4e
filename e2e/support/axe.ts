import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Accessibility check for any spec: runs axe-core (WCAG 2.x A and AA rules and
 * axe's best practices) on the page as it is now and fails on every serious or
 * critical violation, naming the rule, what it means and each offending
 * element (selector and HTML), so the failure says what to fix.
 *
 * A scan is either the one full-page scan of a page template (`template`, a
 * name no other scan in the suite uses) or scoped to the component the test
 * is about (`include`): the header, footer and layout of a template are
 * scanned once per size, not again by every test that opens the page
 * (decision 0058; scripts/test-budget.mjs checks both rules).
 *
 *   await expectNoSeriousA11yViolations(page, { template: 'lot' });
 *   await expectNoSeriousA11yViolations(page, { include: 'dialog[open]', disableRules: ['color-contrast'] });
 */
interface AxeScope {
  /** Leave parts out, e.g. a third-party widget (CSS selectors). */
  exclude?: string[];
  /** Rule ids to skip; say why next to the call. */
  disableRules?: string[];
}

export type AxeCheckOptions = AxeScope &
  (
    | {
        /** The page template this full-page scan stands for (named once in the suite). */ template: string;
        include?: never;
      }
    | { /** Limit the check to this part of the page (a CSS selector). */ include: string; template?: never }
  );

const FAILING_IMPACTS = new Set(['serious', 'critical']);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function seriousA11yViolations(page: Page, options: AxeCheckOptions): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact && FAILING_IMPACTS.has(v.impact))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.impact} ${v.id} (${v.help}) at ${node.target.join(' ')}: ${node.html.slice(0, 200)}` +
          (node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''),
      ),
    );
}

export async function expectNoSeriousA11yViolations(page: Page, options: AxeCheckOptions): Promise<void> {
  const found = await seriousA11yViolations(page, options);
  const scope = options.template ? `the ${options.template} template at` : `${options.include} on`;
  expect(found, `Serious or critical axe violations in ${scope} ${page.url()}:\n${found.join('\n')}`).toEqual([]);
}
