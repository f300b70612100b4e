import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0047: a tender's amount is sealed until the close, and ONE module
 * reads tenders: `apps/api/src/modules/bidding/sealed-tenders.ts` (through the
 * `sealed_tenders` view for other people's tenders). This test scans every
 * source file under `apps/` and names each other place that reads the table
 * (the drizzle table imported, or SQL over `tenders` / `sealed_tenders`) as
 * file:line. Tests may read it; migrations live in `packages/db`.
 */

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const EXTENSIONS = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.next', 'dist', 'test-results', 'playwright-report', 'public']);
const THE_MODULE = 'apps/api/src/modules/bidding/sealed-tenders.ts';
const ALLOWED: RegExp[] = [
  /\.(test|spec)\.(ts|tsx)$/,
  /(^|\/)(test|tests|support|fixtures)\//,
  /(^|\/)test-[\w-]+\.ts$/,
];

/** Ways code reaches the table: its drizzle object imported, its column, SQL naming it or its view. */
const IMPORTS_TABLE = /import\s*(type\s*)?\{[^}]*\btenders\b[^}]*\}\s*from\s*['"]@lotline\/db(\/schema)?['"]/;
const LINE_PATTERNS: RegExp[] = [
  /\b(schema|tables)\.tenders\b/,
  /\btenders\.(amount|userId|lotId|outcome|id)\b/,
  /\b(from|join|into|update|table)\s+("?public"?\.)?"?(sealed_)?tenders\b/i,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(join(dir, entry.name));
    return EXTENSIONS.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

const isComment = (line: string) => /^\s*(\*|\/\/|\/\*)/.test(line);

/** The places in one file's text that read tenders: `path:line` each. */
export function tenderReads(path: string, text: string): string[] {
  const found: string[] = [];
  if (IMPORTS_TABLE.test(text.replace(/\s+/g, ' '))) found.push(`${path}: imports the tenders table`);
  text.split('\n').forEach((line, i) => {
    if (!isComment(line) && LINE_PATTERNS.some((p) => p.test(line))) found.push(`${path}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('the sealed-tenders guard', () => {
  it('recognises each way of reading tenders (so it can fail)', () => {
    expect(tenderReads('x.ts', "import { orders, tenders } from '@lotline/db/schema';")).toHaveLength(1);
    expect(tenderReads('x.ts', 'import {\n  tenders,\n} from "@lotline/db/schema";')).toHaveLength(1);
    expect(tenderReads('x.ts', '  .select({ a: tenders.amount })')).toHaveLength(1);
    expect(tenderReads('x.ts', 'sql`select amount from tenders where lot_id = $1`')).toHaveLength(1);
    expect(tenderReads('x.ts', '    LEFT JOIN "tenders" t ON t.lot_id = l.id')).toHaveLength(1);
    expect(tenderReads('x.ts', 'sql`select * from sealed_tenders`')).toHaveLength(1);
    expect(tenderReads('x.ts', "import { readOwnTender } from '../bidding/sealed-tenders';")).toHaveLength(0);
    expect(tenderReads('x.ts', ' * reads tenders from the sealed view')).toHaveLength(0);
  });

  it('finds no read of tenders under apps/ outside sealed-tenders.ts and tests', () => {
    const stray = sourceFiles(join(ROOT, 'apps'))
      .map((file) => relative(ROOT, file).split('\\').join('/'))
      .filter((path) => path !== THE_MODULE && !ALLOWED.some((p) => p.test(path)))
      .flatMap((path) => tenderReads(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(stray).toEqual([]);
  });

  it('still sees the one module (the scan reaches it)', () => {
    expect(tenderReads(THE_MODULE, readFileSync(join(ROOT, THE_MODULE), 'utf8')).length).toBeGreaterThan(0);
  });
});
