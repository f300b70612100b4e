// The suite's budgets that do not depend on the machine's load (issue 24, decision 0058), checked by `npm test`
// before anything runs: browser runs per project (from `playwright test --list`), UI sign-ins only in the specs
// allowed to use the form, no long test limit or real-time wait outside the site beside, one full-page axe scan
// per page template, and the demo people each changed by one spec at most (e2e/support/people.json). The figures are in scripts/test-budget.json; raising
// one means editing that file in the same change.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BESIDE_SPECS } from './e2e-server-log.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUDGET_FILE = join(ROOT, 'scripts/test-budget.json');

export function readBudget() {
  return JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
}

/** Test runs per project in a `playwright test --list --reporter=json` report. */
export function browserRunCounts(listReport) {
  const counts = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) counts[test.projectName] = (counts[test.projectName] ?? 0) + 1;
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of listReport.suites ?? []) walk(suite);
  return counts;
}

/** A project over its budget, or one with no budget at all. */
export function checkBrowserRuns(counts, budget) {
  const problems = [];
  for (const [project, runs] of Object.entries(counts)) {
    const allowed = budget.browserRuns[project];
    if (allowed === undefined) problems.push(`browser project ${project} has no budget in test-budget.json`);
    else if (runs > allowed) problems.push(`browser project ${project}: ${runs} runs, over its budget of ${allowed}`);
  }
  return problems;
}

/** The helpers that go through the sign-in or sign-up form (e2e/support/sign-in.ts, sign-up.ts). */
const UI_SIGN_IN = /\b(submitSignIn|signInAt|signUpAndSignIn|signInAfterSignUp)\(/;

/**
 * `const NAME = <number expression>` in a source, for the limits written with names (MINUTE, SIGN_IN_TIMEOUT).
 * Only digits, operators, parentheses and names already known are evaluated.
 */
export function numericConstants(texts) {
  const known = {};
  for (let pass = 0; pass < 3; pass++) {
    for (const text of texts) {
      for (const [, name, expression] of text.matchAll(/\bconst ([A-Z][A-Z0-9_]*) = ([^;\n]+);/g)) {
        const value = evaluate(expression, known);
        if (value !== undefined) known[name] = value;
      }
    }
  }
  return known;
}

/** The value of a number expression such as `10 * MINUTE` or `180_000`, or undefined if it is anything else. */
export function evaluate(expression, known) {
  const replaced = expression
    .trim()
    .replace(/(\d)_(?=\d)/g, '$1')
    .replace(/\b[A-Za-z_]\w*\b/g, (name) => (name in known ? String(known[name]) : '\u0000'));
  if (replaced.includes('\u0000') || !/^[\d\s+\-*/().]+$/.test(replaced)) return undefined;
  const value = Function(`"use strict"; return (${replaced});`)();
  return Number.isFinite(value) ? value : undefined;
}

const seconds = (ms) => `${ms / 1000} s`;

/**
 * A spec or helper file's UI sign-ins outside the allow-list, and its long limits and waits unless it runs on the
 * site beside. `files` are { name, text } of e2e/tests/*.ts; `constants` what numericConstants found.
 */
export function checkSpecSources(files, budget, constants = {}) {
  const problems = [];
  const allowed = new Set(budget.uiSignIn);
  for (const { name, text } of files) {
    if (UI_SIGN_IN.test(text) && !allowed.has(name)) {
      problems.push(`${name} signs in through the form: use signInByApi (or add it to uiSignIn in test-budget.json)`);
    }
    if (BESIDE_SPECS.some((pattern) => pattern.test(name))) continue;
    const local = { ...constants, ...numericConstants([text]) };
    const limits = [
      ...[...text.matchAll(/\btest\.setTimeout\(([^)]*)\)/g)].map((m) => ['test.setTimeout', m[1], budget.maxTestMs]),
      ...[...text.matchAll(/\.configure\(\{[^}]*\btimeout: ([^,}]+)/g)].map((m) => [
        'describe timeout',
        m[1],
        budget.maxTestMs,
      ]),
      ...[...text.matchAll(/\bwaitForTimeout\(([^)]*)\)/g)].map((m) => ['waitForTimeout', m[1], budget.maxWaitMs]),
      ...[...text.matchAll(/(?<!configure\(\{[^}]*)\btimeout: ([^,})\n]+)/g)].map((m) => [
        'a wait',
        m[1],
        budget.maxWaitMs,
      ]),
    ];
    for (const [what, expression, max] of limits) {
      const value = evaluate(expression, local);
      if (value === undefined)
        problems.push(`${name}: ${what} of '${expression.trim()}', not a constant under ${seconds(max)}`);
      else if (value > max)
        problems.push(`${name}: ${what} of ${seconds(value)}, over ${seconds(max)} (only the site beside may)`);
    }
  }
  return problems;
}

const DECLARATION = /^(\s*)test(?:\.describe)?(?:\.(?:only|skip|fixme|serial|parallel))*\(/;
const AXE_SCAN = /\bexpectNoSeriousA11yViolations\(|\bnew AxeBuilder\(/;
const PHONE = /['"`]@phone['"`]/;

/**
 * The pyramid's rules that can be read off a spec (ARCHITECTURE, "The test pyramid"): a test tagged @phone says in
 * the comment line above it what the phone changes there (`// Phone: …`), and every axe scan runs at both sizes
 * (its test, or a describe around it, is tagged @phone). The site beside runs desktop only and is not read.
 */
export function checkPyramid(files) {
  const problems = [];
  for (const { name, text } of files) {
    if (!name.endsWith('.spec.ts') || BESIDE_SPECS.some((pattern) => pattern.test(name))) continue;
    const lines = text.split('\n');
    /** Open declarations: indentation, line, tagged. */
    const open = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const declaration = DECLARATION.exec(line);
      const indent = line.length - line.trimStart().length;
      if (line.trim())
        while (open.length && open[open.length - 1].indent >= indent && !/^\s*[)}\]]/.test(line)) open.pop();
      if (declaration) {
        // The tag may be on the declaration's line or, wrapped by the formatter, on the next two.
        const head = lines.slice(i, i + 3).join('\n');
        const body = head.search(/\basync\b|=>/);
        const tagged = PHONE.test(body === -1 ? head : head.slice(0, body));
        if (tagged) {
          let above = i - 1;
          while (above >= 0 && /^\s*\/\//.test(lines[above]) && !/^\s*\/\/ Phone:/.test(lines[above])) above--;
          if (above < 0 || !/^\s*\/\/ Phone:/.test(lines[above])) {
            problems.push(`${name}:${i + 1}: a @phone test says above it what the phone changes ("// Phone: …")`);
          }
        }
        open.push({ indent, line: i + 1, tagged });
        continue;
      }
      if (AXE_SCAN.test(line) && open.length && !open.some((block) => block.tagged)) {
        problems.push(`${name}:${i + 1}: an axe scan runs at both sizes: tag its test @phone`);
      }
    }
  }
  return problems;
}

const SCAN_CALL = /\b(?:expectNoSeriousA11yViolations|seriousA11yViolations)\(([^)]*)\)/g;
const TEMPLATE = /\btemplate: (['"`])([^'"`]+)\1/g;

/**
 * One full-page axe scan per page template and size, the rest scoped to their component (decision 0058): every
 * scan names its `template` or its `include` (the helper's type requires one, so a call with the page alone is
 * refused here too), and no template name is used by two scans of the suite.
 */
export function checkAxeScopes(files) {
  const problems = [];
  const templates = new Map();
  for (const { name, text } of files) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      for (const [, args] of line.matchAll(SCAN_CALL))
        if (/^\s*\w+\s*$/.test(args))
          problems.push(`${name}:${i + 1}: an axe scan names its template or the component it includes`);
      for (const [, , template] of line.matchAll(TEMPLATE)) {
        const first = templates.get(template);
        if (first) problems.push(`${name}:${i + 1}: the '${template}' template is already scanned in full at ${first}`);
        else templates.set(template, `${name}:${i + 1}`);
      }
    });
  }
  return problems;
}

export const PEOPLE_FILE = join(ROOT, 'e2e/support/people.json');

export function readPeople() {
  return JSON.parse(readFileSync(PEOPLE_FILE, 'utf8'));
}

const DEMO_EMAIL = /[a-z0-9.+-]+@example\.com/g;

/**
 * The owner table of the demo people (e2e/support/people.json, issue 24): every demo e-mail a browser file names
 * must be in the table, and that file must be the person's one owner (the one file allowed to change them or
 * their records) or one of their readers. A helper file (not a .spec.ts, or under e2e/support) that names a
 * person must itself be listed: it counts for the specs that import it. `files` are { name, text } with names
 * relative to e2e/ ('tests/a11y.spec.ts', 'support/flags.ts').
 */
export function checkDemoPeople(files, table) {
  const problems = [];
  for (const [email, entry] of Object.entries(table)) {
    if (!entry || typeof entry !== 'object' || !Array.isArray(entry.readers) || !('owner' in entry)) {
      problems.push(`${email}: a people.json entry is { owner, readers, reason }`);
      continue;
    }
    if (Array.isArray(entry.owner)) problems.push(`${email}: one owner at most, not ${entry.owner.join(', ')}`);
    if (entry.owner !== null && entry.readers.includes(entry.owner))
      problems.push(`${email}: ${entry.owner} is its owner and also listed as a reader`);
    if (new Set(entry.readers).size !== entry.readers.length) problems.push(`${email}: a reader listed twice`);
  }
  for (const { name, text } of files) {
    for (const email of new Set(text.match(DEMO_EMAIL) ?? [])) {
      const entry = table[email];
      if (!entry) problems.push(`${name} uses ${email}, who is not in e2e/support/people.json`);
      else if (entry.owner !== name && !entry.readers?.includes(name))
        problems.push(
          `${name} uses ${email} but is neither its owner (${entry.owner ?? 'none'}) nor a reader: ` +
            'make a person of its own through the API, or list it in e2e/support/people.json',
        );
    }
  }
  return problems;
}

/** The browser spec and helper files, as { name, text }. */
export function browserSources(dir = join(ROOT, 'e2e/tests')) {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

/** `playwright test --list` of one site (no server starts). */
export function listBrowserTests(site) {
  const result = spawnSync(
    join(ROOT, 'node_modules/.bin/playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', '--list', '--reporter=json'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, E2E_SITE: site }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`playwright --list (${site}) failed:\n${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}

/** Every problem of the tree as it is. */
export function checkBudgets(budget = readBudget()) {
  const counts = { ...browserRunCounts(listBrowserTests('main')), ...browserRunCounts(listBrowserTests('beside')) };
  const supportNames = readdirSync(join(ROOT, 'e2e/support'))
    .filter((name) => name.endsWith('.ts'))
    .sort();
  const support = supportNames.map((name) => readFileSync(join(ROOT, 'e2e/support', name), 'utf8'));
  const sources = browserSources();
  const constants = numericConstants([...support, ...sources.map((file) => file.text)]);
  const named = [
    ...sources.map((file) => ({ name: `tests/${file.name}`, text: file.text })),
    ...support.map((text, i) => ({ name: `support/${supportNames[i]}`, text })),
  ];
  const people = readPeople();
  return {
    counts,
    problems: [
      ...checkBrowserRuns(counts, budget),
      ...checkSpecSources(sources, budget, constants),
      ...checkPyramid(sources),
      ...checkAxeScopes(sources),
      ...checkDemoPeople(named, people),
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { counts, problems } = checkBudgets();
  const budget = readBudget();
  console.log(
    `browser runs: ${Object.entries(counts)
      .map(([project, runs]) => `${project} ${runs}/${budget.browserRuns[project] ?? '?'}`)
      .join(', ')}`,
  );
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (problems.length)
    console.error(
      `\n${problems.length} against the budgets (${basename(BUDGET_FILE)}) or the owner table (e2e/support/people.json).`,
    );
  process.exit(problems.length ? 1 : 0);
}
