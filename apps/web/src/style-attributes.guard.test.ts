import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/source-graph';

/**
 * Decision 0029: the pages' CSP allows no inline style (`style-src 'self' 'nonce-…'`), so a `style` attribute a
 * component renders into the HTML is refused by the browser (a console error, and the style is not applied).
 * Styles come from CSS modules; a value that varies goes in a data attribute the module's rules select on.
 */
const SRC = resolve(__dirname);

/**
 * dnd-kit's sortable rows: their style is empty in the server's HTML (no drag yet: React writes no attribute) and
 * set through the CSSOM while dragging, which the CSP does not govern.
 */
const CSSOM_ONLY = new Set([
  'components/seller-lots/document-list.tsx',
  'components/seller-lots/lots-row.tsx',
  'components/seller-lots/photo-list.tsx',
]);

describe('style attributes', () => {
  it('appear in no component (tests aside)', () => {
    const found = sourceFiles(SRC)
      .filter((path) => path.endsWith('.tsx') && !CSSOM_ONLY.has(relative(SRC, path)))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/\sstyle=\{/.test(line) ? [`${relative(SRC, path)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
