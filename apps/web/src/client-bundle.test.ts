import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, resolveRelative, sourceFiles } from './test/source-graph';

/**
 * What the browser downloads (decision 0024): client components, and every
 * module they import, take values from `@lotline/contracts` only through its
 * zod-free entry points. A value import from the package root pulls every
 * schema and zod itself (about 42 KB compressed) into the page's JavaScript.
 */
const SRC = resolve(__dirname);
const ZOD_FREE_ENTRIES = new Set([
  '@lotline/contracts/constants',
  '@lotline/contracts/enums',
  '@lotline/contracts/regions',
  '@lotline/contracts/images',
  '@lotline/contracts/text',
  '@lotline/contracts/page-paths',
]);

/** Client modules that do need a schema, and why; none of them is on a marketplace page. */
const NEEDS_SCHEMAS: Record<string, string> = {
  'lib/uploads/upload-file.ts': "parses the storage policy's answer with its schema; only the account pages upload",
  'lib/seller-lots/lot-form.ts':
    "the lot form checks each step with the contract's lot schema (decision 0055); only the seller console's lot pages",
};

/** Every module a client component reaches through value imports ('use server' actions are references, not code). */
function clientModules(): string[] {
  const files = sourceFiles(SRC);
  const queue = files.filter((f) => /^['"]use client['"]/.test(readFileSync(f, 'utf8')));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (/^['"]use server['"]/.test(readFileSync(file, 'utf8'))) continue;
    for (const { typeOnly, from } of importsOf(file)) {
      if (typeOnly || !from.startsWith('.')) continue;
      const next = resolveRelative(file, from);
      if (next && /\.tsx?$/.test(next)) queue.push(next);
    }
  }
  return [...seen].filter((f) => !/^['"]use server['"]/.test(readFileSync(f, 'utf8')));
}

/**
 * The seller console's widget libraries (decision 0055): only pages under `/seller` may load them. A buyer
 * page reaching one of them, through any chain of imports, fails here.
 */
const CONSOLE_LIBRARIES = [
  '@dnd-kit/core',
  '@dnd-kit/sortable',
  '@dnd-kit/utilities',
  '@tanstack/react-table',
  'react-aria-components',
  '@internationalized/date',
  'react-hook-form',
  '@hookform/resolvers',
];
const ROUTE_FILE = /^(page|layout|template|loading|error|not-found|global-error|default)\.tsx?$/;

/** The packages a route file reaches through value imports, with the chain that reaches each. */
function packagesReachedFrom(entry: string): Map<string, string> {
  const reached = new Map<string, string>();
  const queue: [string, string][] = [[entry, entry.slice(SRC.length + 1)]];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const [file, chain] = queue.pop() as [string, string];
    if (seen.has(file)) continue;
    seen.add(file);
    if (/^['"]use server['"]/.test(readFileSync(file, 'utf8'))) continue;
    for (const { typeOnly, from } of importsOf(file)) {
      if (typeOnly) continue;
      if (!from.startsWith('.')) {
        if (!reached.has(from)) reached.set(from, chain);
        continue;
      }
      const next = resolveRelative(file, from);
      if (next && /\.tsx?$/.test(next)) queue.push([next, `${chain} → ${next.slice(SRC.length + 1)}`]);
    }
  }
  return reached;
}

const consoleLibrariesOf = (entry: string) =>
  [...packagesReachedFrom(entry)].filter(([pkg]) =>
    CONSOLE_LIBRARIES.some((lib) => pkg === lib || pkg.startsWith(`${lib}/`)),
  );

describe('the console widgets', () => {
  const routes = sourceFiles(join(SRC, 'app')).filter((f) => ROUTE_FILE.test(f.split('/').pop() ?? ''));
  const isConsole = (f: string) => f.startsWith(join(SRC, 'app', 'seller'));

  it('are loaded by the seller console pages that use them', () => {
    const lots = join(SRC, 'app/seller/events/[eventId]/lots/page.tsx');
    const used = consoleLibrariesOf(lots).map(([pkg]) => pkg);
    expect(used).toEqual(expect.arrayContaining(['@dnd-kit/core', '@dnd-kit/sortable', '@tanstack/react-table']));
    expect(consoleLibrariesOf(join(SRC, 'app/seller/events/new/page.tsx')).map(([pkg]) => pkg)).toContain(
      'react-aria-components',
    );
  });

  it('stay out of every page outside the seller console', () => {
    const buyerRoutes = routes.filter((f) => !isConsole(f));
    expect(buyerRoutes.length).toBeGreaterThan(20);
    const offenders = buyerRoutes.flatMap((route) =>
      consoleLibrariesOf(route).map(([pkg, chain]) => `${chain} imports ${pkg}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('the browser bundle', () => {
  it('finds the client components it checks', () => {
    const modules = clientModules().map((f) => f.slice(SRC.length + 1));
    expect(modules).toContain('components/browse/filter-drawer.tsx');
    expect(modules).toContain('lib/browse/state.ts');
  });

  it('takes no zod schema into client code', () => {
    const offenders = clientModules()
      .filter((file) => !(file.slice(SRC.length + 1) in NEEDS_SCHEMAS))
      .flatMap((file) =>
        importsOf(file)
          .filter(
            ({ typeOnly, from }) =>
              !typeOnly && (from === 'zod' || (from.startsWith('@lotline/contracts') && !ZOD_FREE_ENTRIES.has(from))),
          )
          .map(({ from }) => `${file.slice(SRC.length + 1)} imports ${from}`),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps the zod-free entry points free of zod', () => {
    for (const entry of ZOD_FREE_ENTRIES) {
      const file = resolve(SRC, '../../../packages/contracts/src', `${entry.split('/').pop()}.ts`);
      const imports = importsOf(file).filter((i) => !i.typeOnly);
      for (const { from } of imports) {
        expect(from.startsWith('./'), `${entry} imports ${from}`).toBe(true);
        expect(ZOD_FREE_ENTRIES.has(`@lotline/contracts/${from.slice(2)}`), `${entry} imports ${from}`).toBe(true);
      }
    }
  });
});
