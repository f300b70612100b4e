import { describe, expect, it } from 'vitest';
import {
  browserRunCounts,
  checkAxeScopes,
  checkBrowserRuns,
  checkDemoPeople,
  checkPyramid,
  checkSpecSources,
  evaluate,
  numericConstants,
} from './test-budget.mjs';

/**
 * Decision 0058: the budgets that do not depend on the machine's load. `npm test` checks the tree against them
 * before anything runs (its first step); these tests prove each rule catches what it should.
 */
const budget = {
  browserRuns: { desktop: 2, phone: 1 },
  uiSignIn: ['accounts.spec.ts'],
  maxTestMs: 120_000,
  maxWaitMs: 60_000,
};

describe('the browser budgets', () => {
  it('count runs per project from `playwright test --list` and refuse a project over its budget or without one', () => {
    const list = {
      suites: [
        {
          specs: [{ tests: [{ projectName: 'desktop' }, { projectName: 'phone' }] }],
          suites: [
            { specs: [{ tests: [{ projectName: 'desktop' }, { projectName: 'phone' }, { projectName: 'x' }] }] },
          ],
        },
      ],
    };
    const counts = browserRunCounts(list);
    expect(counts).toEqual({ desktop: 2, phone: 2, x: 1 });
    expect(checkBrowserRuns(counts, budget)).toEqual([
      'browser project phone: 2 runs, over its budget of 1',
      'browser project x has no budget in test-budget.json',
    ]);
  });

  it('allow a UI sign-in only in the listed specs', () => {
    const signIn = "await signInAt(page, 'buyer@example.com', '/account');";
    expect(checkSpecSources([{ name: 'accounts.spec.ts', text: signIn }], budget)).toEqual([]);
    expect(checkSpecSources([{ name: 'orders.spec.ts', text: signIn }], budget)).toEqual([
      'orders.spec.ts signs in through the form: use signInByApi (or add it to uiSignIn in test-budget.json)',
    ]);
    expect(checkSpecSources([{ name: 'orders.spec.ts', text: "await signInByApi(page, 'a@b.c');" }], budget)).toEqual(
      [],
    );
  });

  it('refuse a long test limit or real-time wait outside the site beside, however it is written', () => {
    const text = [
      'const MINUTE = 60_000;',
      'test.setTimeout(3 * MINUTE);',
      'test.describe.configure({ timeout: 90_000 });',
      'await expect(x).toBeVisible({ timeout: 61_000 });',
      'await page.waitForTimeout(2 * MINUTE);',
      'await expect(y).toHaveText("a", { timeout: later });',
      'test.setTimeout(120_000);',
      'await expect(z).toBeVisible({ timeout: SIGN_IN_TIMEOUT });',
    ].join('\n');
    expect(checkSpecSources([{ name: 'slow.spec.ts', text }], budget, { SIGN_IN_TIMEOUT: 30_000 })).toEqual([
      'slow.spec.ts: test.setTimeout of 180 s, over 120 s (only the site beside may)',
      'slow.spec.ts: waitForTimeout of 120 s, over 60 s (only the site beside may)',
      'slow.spec.ts: a wait of 61 s, over 60 s (only the site beside may)',
      "slow.spec.ts: a wait of 'later', not a constant under 60 s",
    ]);
    // The site beside (the real close, flags, the seller journey) may wait.
    expect(checkSpecSources([{ name: 'seller-journey.spec.ts', text }], budget)).toEqual([]);
    expect(checkSpecSources([{ name: 'bidding-close.spec.ts', text }], budget)).toEqual([]);
  });

  it('evaluate only number expressions of known names', () => {
    expect(evaluate('10 * MINUTE', { MINUTE: 60_000 })).toBe(600_000);
    expect(evaluate('180_000', {})).toBe(180_000);
    expect(evaluate('wait', {})).toBeUndefined();
    expect(evaluate('process.exit(1)', {})).toBeUndefined();
    expect(numericConstants(['const A = 2;\nexport const B = A * 3;'])).toEqual({ A: 2, B: 6 });
  });

  it('make a phone test say what the phone changes, and run every axe scan at both sizes', () => {
    const text = [
      "test.describe('a page', () => {",
      '  // Phone: the menu folds into a button.',
      "  test('opens the menu', { tag: '@phone' }, async ({ page }) => {});",
      "  test('is scanned', async ({ page }) => {",
      '    await expectNoSeriousA11yViolations(page);',
      '  });',
      "  test('tagged without a word', { tag: '@phone' }, async ({ page }) => {});",
      '});',
      "test.describe('scans', { tag: '@phone' }, () => {",
      "  test('inherits the tag', async ({ page }) => {",
      '    await expectNoSeriousA11yViolations(page);',
      '  });',
      '});',
    ].join('\n');
    expect(checkPyramid([{ name: 'page.spec.ts', text }])).toEqual([
      'page.spec.ts:5: an axe scan runs at both sizes: tag its test @phone',
      'page.spec.ts:7: a @phone test says above it what the phone changes ("// Phone: …")',
      'page.spec.ts:9: a @phone test says above it what the phone changes ("// Phone: …")',
    ]);
    // The site beside runs on desktop only.
    expect(checkPyramid([{ name: 'seller-journey.spec.ts', text }])).toEqual([]);
  });
});

describe('the axe scans (one full-page scan per template)', () => {
  it('accept a template named once and scans scoped to a component', () => {
    const files = [
      { name: 'a.spec.ts', text: "await expectNoSeriousA11yViolations(page, { template: 'lot' });" },
      { name: 'b.spec.ts', text: "await expectNoSeriousA11yViolations(page, { include: 'dialog[open]' });" },
      { name: 'c.spec.ts', text: "expect(await seriousA11yViolations(page, { include: 'main' })).toEqual([]);" },
    ];
    expect(checkAxeScopes(files)).toEqual([]);
  });

  it('refuse a scan of the page alone and a template scanned in full twice', () => {
    const files = [
      { name: 'a.spec.ts', text: "await expectNoSeriousA11yViolations(page, { template: 'lot' });" },
      {
        name: 'b.spec.ts',
        text: "const PAGES = [{ path: '/', scope: { template: 'lot' } }];\nawait expectNoSeriousA11yViolations(page);",
      },
      { name: 'c.spec.ts', text: 'expect(await seriousA11yViolations(seller)).toEqual([]);' },
    ];
    expect(checkAxeScopes(files)).toEqual([
      "b.spec.ts:1: the 'lot' template is already scanned in full at a.spec.ts:1",
      'b.spec.ts:2: an axe scan names its template or the component it includes',
      'c.spec.ts:1: an axe scan names its template or the component it includes',
    ]);
  });
});

describe('the owner table of the demo people (issue 24)', () => {
  const table = {
    'buyer@example.com': { owner: 'tests/lot-page.spec.ts', readers: ['tests/a11y.spec.ts'], reason: 'test' },
    'staff@example.com': { owner: null, readers: ['support/flags.ts'], reason: 'test' },
  };
  const file = (name: string, email: string) => ({ name, text: `await signInByApi(page, '${email}');` });

  it('accept the owner and the readers of a person', () => {
    expect(
      checkDemoPeople(
        [
          file('tests/lot-page.spec.ts', 'buyer@example.com'),
          file('tests/a11y.spec.ts', 'buyer@example.com'),
          file('support/flags.ts', 'staff@example.com'),
          { name: 'tests/accounts.spec.ts', text: "const email = name + '@example.com'; // made, not a demo person" },
        ],
        table,
      ),
    ).toEqual([]);
  });

  it('refuse a person who is not in the table', () => {
    expect(checkDemoPeople([file('tests/a11y.spec.ts', 'bidder9@example.com')], table)).toEqual([
      'tests/a11y.spec.ts uses bidder9@example.com, who is not in e2e/support/people.json',
    ]);
  });

  it('refuse a spec, or a helper, that is neither the owner nor a reader', () => {
    const problems = checkDemoPeople(
      [file('tests/cards-watch.spec.ts', 'buyer@example.com'), file('tests/pages-helpers.ts', 'staff@example.com')],
      table,
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^tests\/cards-watch\.spec\.ts uses buyer@example\.com but is neither its owner/);
    expect(problems[1]).toMatch(/^tests\/pages-helpers\.ts uses staff@example\.com but is neither its owner \(none\)/);
  });

  it('refuse an owner also listed as a reader, and more than one owner', () => {
    expect(
      checkDemoPeople([], {
        'buyer@example.com': { owner: 'tests/a11y.spec.ts', readers: ['tests/a11y.spec.ts'], reason: 'test' },
        'reseller@example.com': {
          owner: ['tests/orders.spec.ts', 'tests/flags-orders.spec.ts'] as unknown as string,
          readers: [],
          reason: 'test',
        },
      }),
    ).toEqual([
      'buyer@example.com: tests/a11y.spec.ts is its owner and also listed as a reader',
      'reseller@example.com: one owner at most, not tests/orders.spec.ts, tests/flags-orders.spec.ts',
    ]);
  });
});
