import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_LOT_STATUSES, INDEX_STATUSES, LEGACY_LOT_STATUSES } from '@lotline/contracts/enums';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0032: lot statuses are named only by the enum, the lifecycle,
 * migrations, seed, the db schema and tests. Everything else asks the
 * lifecycle (`@lotline/domain`), so a new status or rule is one edit. This
 * test scans every source file and names each stray literal as file:line.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED = ['apps', 'packages', 'e2e', 'scripts'];
const EXTENSIONS = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.next', 'dist', 'test-results', 'playwright-report', 'public']);

/** Where a status literal belongs (paths relative to the repository, `/` separated). */
const ALLOWED: RegExp[] = [
  /^packages\/contracts\/src\/enums\.ts$/,
  // The lifecycle module: lot-lifecycle.ts, its SQL entry and the card state.
  /^packages\/domain\/src\/lot-[\w-]+\.ts$/,
  /^packages\/db\/migrations\//,
  /^packages\/db\/src\/seed\//,
  /^packages\/db\/src\/schema\//,
  // Tests and their support: unit and e2e specs, test folders, fixtures and helpers.
  /\.(test|spec)\.(ts|tsx)$/,
  /(^|\/)(test|tests|support|fixtures)\//,
  /(^|\/)test-[\w-]+\.ts$/,
];

/** Lines that hold one of these words but not as a lot status, each with its reason. */
const NOT_LOT_STATUSES: { file: string; line: string; why: string }[] = [
  {
    file: 'apps/web/src/app/account/tax-exemption-section.tsx',
    line: "active: 'Active',",
    why: 'the label shown for the tax-exemption status active',
  },
  {
    file: 'apps/web/src/lib/browse/labels.ts',
    line: "active: 'Active',",
    why: 'the label of the search status active',
  },
  {
    file: 'apps/web/src/app/staff/categories/page.tsx',
    line: "<td>{category.status === 'active' ? 'Active' : 'Inactive'}</td>",
    why: "a category's status (active or inactive), on the staff page",
  },
  {
    file: 'apps/web/src/app/staff/companies/page.tsx',
    line: "<td>{c.status === 'suspended' ? 'Suspended' : 'Active'}</td>",
    why: "a seller company's status (active or suspended), on the staff page",
  },
  {
    file: 'apps/web/src/app/staff/seller-applications/page.tsx',
    line: "pending: 'Pending',",
    why: "the label of a seller application's status pending",
  },
  {
    file: 'scripts/bench-search.mjs',
    line: `const { number } = await one("select number from lot_search where status = 'Active' limit 1");`,
    why: 'a plain Node benchmark (no TypeScript) picking any live lot',
  },
];

// Canonical forms (event and legacy lots) and the index's hyphenated forms; the other
// index forms ('active', 'pending', …) are also tax-exemption, category and search words.
const WORDS = [
  ...new Set([...EVENT_LOT_STATUSES, ...LEGACY_LOT_STATUSES, ...INDEX_STATUSES.filter((s) => s.includes('-'))]),
];
// Quoted as a string ('…' or "…") anywhere, or as a whole template literal (`…`) in code: in comments
// backticks are prose.
const QUOTED = new RegExp(`(['"])(${WORDS.join('|')})\\1`);
const BACKTICKED = new RegExp(`\`(${WORDS.join('|')})\``);

/** The code part of a line: nothing for a comment line, else the line up to a trailing ` // comment`. */
function codeOf(line: string): string {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('//') || trimmed.startsWith('/*')) return '';
  return line.replace(/\s\/\/\s.*$/, '');
}

const namesStatus = (line: string) => QUOTED.test(line) || BACKTICKED.test(codeOf(line));

export interface StrayLiteral {
  where: string;
  text: string;
}

/** The lines of `text` (a file at `file`) that name a lot status as a string literal. */
export function strayStatusLiterals(file: string, text: string): StrayLiteral[] {
  if (ALLOWED.some((pattern) => pattern.test(file))) return [];
  return text.split('\n').flatMap((line, i) => {
    if (!namesStatus(line)) return [];
    if (NOT_LOT_STATUSES.some((e) => e.file === file && e.line === line.trim())) return [];
    return [{ where: `${file}:${i + 1}`, text: line.trim() }];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(join(dir, entry.name));
    return EXTENSIONS.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

describe('lot-status literals (decision 0032)', () => {
  it('appear only in the enum, the lifecycle, migrations, seed, db schema and tests', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(300);
    const stray = files.flatMap((path) =>
      strayStatusLiterals(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8')),
    );
    expect(stray.map((s) => `${s.where}: ${s.text}`)).toEqual([]);
  });

  it('catches every canonical and hyphenated index form, in either quotes, naming file:line', () => {
    const sample = "const a = 1;\nif (lot.status === 'Active') go();\nconst b = [\"OrderPaid\", 'order-cancelled'];";
    expect(strayStatusLiterals('apps/api/src/modules/x/y.ts', sample)).toEqual([
      { where: 'apps/api/src/modules/x/y.ts:2', text: "if (lot.status === 'Active') go();" },
      { where: 'apps/api/src/modules/x/y.ts:3', text: 'const b = ["OrderPaid", \'order-cancelled\'];' },
    ]);
    for (const word of WORDS) expect(strayStatusLiterals('scripts/x.mjs', `f('${word}')`), word).toHaveLength(1);
    expect(strayStatusLiterals('apps/web/src/x.tsx', 'const s = `Sold`;')).toHaveLength(1);
    expect(strayStatusLiterals('apps/web/src/x.tsx', ' * a `Sold` lot\nf(); // a `Sold` lot')).toEqual([]);
  });

  it('leaves the lower-case words that are not lot statuses, and the allowed places', () => {
    const sample = "status: 'active' | 'pending' | 'in-review'; type = 'sold'; 'ActiveX'; ordered: 'Ordered'";
    expect(strayStatusLiterals('apps/api/src/modules/x/y.ts', sample)).toEqual([]);
    for (const file of [
      'packages/contracts/src/enums.ts',
      'packages/db/migrations/0001_x.sql.ts',
      'packages/db/src/seed/lot-state.ts',
      'apps/web/src/lib/lots/card-model.test.ts',
      'e2e/tests/lot-page.spec.ts',
      'apps/api/src/test/factories.ts',
    ])
      expect(strayStatusLiterals(file, "'Active'"), file).toEqual([]);
  });
});
