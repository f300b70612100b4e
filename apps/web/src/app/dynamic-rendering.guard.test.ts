import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOfText, resolveRelative, sourceFiles } from '../test/source-graph';

/**
 * `next build` prerenders each route whose path has no [param] (and any with generateStaticParams) unless
 * something tells it that the route reads the request. The API is not running during the build, so a route that
 * reaches `apiGet` (lib/api/api.server.ts, which reads no cookie, only the request id header) before any such read prints a stack
 * trace per refused read: the home page printed eight on every fresh `npm start` (issue 24). `callApi` reads the
 * request's headers first, so it bails out before fetching. This test follows every route file's value imports
 * and names each prerendered route that reaches `apiGet` without `export const dynamic = 'force-dynamic'`.
 */
const SRC = resolve(__dirname, '..');
const API_GET = join(SRC, 'lib/api/api.server.ts');
const ROUTE_FILE =
  /^(page|route|layout|template|not-found|default|robots|sitemap|manifest|opengraph-image|twitter-image|icon|apple-icon)\.tsx?$/;
const FORCE_DYNAMIC = /^export const dynamic = 'force-dynamic';$/m;

const rel = (file: string) => file.slice(SRC.length + 1);

/** The value imports of a module's text (type-only imports run nothing). */
export function valueImportsOf(text: string): string[] {
  return importsOfText(text)
    .filter((i) => !i.typeOnly)
    .map((i) => i.from);
}

/**
 * The chain of imports from a route file to `apiGet`, or null. Client components and 'use server' modules are
 * not followed: neither runs `apiGet` while the server renders the route.
 */
function chainToApiGet(entry: string): string[] | null {
  const parent = new Map<string, string>();
  const queue = [entry];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file === API_GET) {
      const chain = [file];
      while (parent.has(chain[0] as string)) chain.unshift(parent.get(chain[0] as string) as string);
      return chain.map(rel);
    }
    const text = readFileSync(file, 'utf8');
    if (/^['"]use (client|server)['"]/.test(text)) continue;
    for (const spec of valueImportsOf(text)) {
      if (!spec.startsWith('.')) continue;
      const next = resolveRelative(file, spec);
      if (next && /\.tsx?$/.test(next) && !seen.has(next) && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Whether `next build` tries to render the route file: no [param] in its path, or generateStaticParams. */
export function isPrerendered(path: string, text: string): boolean {
  return !path.includes('[') || /\bgenerateStaticParams\b/.test(text);
}

describe('routes that read the API at build time', () => {
  const routes = sourceFiles(join(SRC, 'app')).filter((f) => ROUTE_FILE.test(f.split('/').pop() ?? ''));

  it('recognises value imports, prerendered paths and the opt-out (so it can fail)', () => {
    expect(valueImportsOf("import { apiGet } from './api.server';")).toEqual(['./api.server']);
    expect(valueImportsOf("export { fetchLotRow } from './pages.server';")).toEqual(['./pages.server']);
    expect(valueImportsOf("import {\n  a,\n  type B,\n} from '../x';")).toEqual(['../x']);
    expect(valueImportsOf("import type { LotCard } from '@lotline/contracts';")).toEqual([]);
    expect(valueImportsOf("import { type LotCard } from '@lotline/contracts';")).toEqual([]);
    expect(isPrerendered('app/marketplace/events/page.tsx', '')).toBe(true);
    expect(isPrerendered('app/marketplace/bid/[slug]/[lotId]/page.tsx', '')).toBe(false);
    expect(isPrerendered('app/x/[id]/page.tsx', 'export function generateStaticParams() {}')).toBe(true);
    expect(FORCE_DYNAMIC.test("export const metadata = {};\nexport const dynamic = 'force-dynamic';\n")).toBe(true);
    expect(FORCE_DYNAMIC.test("// export const dynamic = 'force-dynamic';\n")).toBe(false);
  });

  it('sees the home page reach apiGet (the scan follows the imports)', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(chainToApiGet(join(SRC, 'app/page.tsx'))).toEqual(expect.arrayContaining(['lib/api/api.server.ts']));
    expect(chainToApiGet(join(SRC, 'app/not-found.tsx'))).toBeNull();
  });

  it("are rendered per request: each prerendered route that reaches apiGet exports dynamic = 'force-dynamic'", () => {
    const offenders = routes
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return isPrerendered(rel(file), text) && !FORCE_DYNAMIC.test(text);
      })
      .flatMap((file) => {
        const chain = chainToApiGet(file);
        return chain ? [chain.join(' → ')] : [];
      });
    expect(offenders).toEqual([]);
  });
});
