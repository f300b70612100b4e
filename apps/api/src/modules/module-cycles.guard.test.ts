import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API's modules (the folders under `modules/`) import each other in one direction only: no chain of
 * imports leads from a module back to itself. A cycle means neither module can be read, tested or moved
 * without the other, and it grows: the seed's demo code once tied 21 modules into one knot. This test reads
 * every source under `modules/` that is not a test, builds the graph of modules from their relative imports
 * (`import … from`, `import type`, `export … from`, `import '…'` and `import('…')`), finds its strongly
 * connected components and names each cycle as a path of modules, with a file:line for every step.
 * There is no allow-list: break a cycle by moving the code to the module that owns what it reads, or a
 * rule into `packages/domain`. The demo data (`modules/demo/`) sits on top: only `main.ts` imports it.
 */

const MODULES = fileURLToPath(new URL('./', import.meta.url));

/** Tests and their helpers (`test-*.ts`, `test/`) may reach anywhere to set a scene; they are not the product. */
const isTest = (file: string) =>
  /\.(test|spec)\.ts$/.test(file) || /(^|\/)test\//.test(file) || /(^|\/)test-[\w-]+\.ts$/.test(file);

const isComment = (line: string) => /^\s*(\*|\/\/|\/\*)/.test(line);

/** `from '…'` (imports and re-exports), a bare `import '…'`, and `import('…')`: relative specifiers only. */
const SPECIFIERS = [
  /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The module of a path relative to `modules/`: its first folder (a file directly under `modules/` is its own). */
const moduleOf = (path: string) => path.split('/')[0]?.replace(/\.tsx?$/, '') ?? path;

export interface ModuleImport {
  from: string;
  to: string;
  /** `file:line` of the import, relative to `modules/`. */
  at: string;
}

/** The imports of `text` (the file at `file`, relative to `modules/`) that reach another module. */
export function moduleImports(file: string, text: string): ModuleImport[] {
  const from = moduleOf(file);
  return text.split('\n').flatMap((line, i) => {
    if (isComment(line)) return [];
    return SPECIFIERS.flatMap((pattern) => [...line.matchAll(pattern)]).flatMap((match) => {
      const target = posix.normalize(posix.join(posix.dirname(file), match[1] ?? ''));
      if (target.startsWith('../')) return []; // lib/, config, test/: outside the modules
      const to = moduleOf(target);
      return to === from ? [] : [{ from, to, at: `${file}:${i + 1}` }];
    });
  });
}

/** Module → module it imports → where (the first place, in file order). */
export type ModuleGraph = Map<string, Map<string, string>>;

export function moduleGraph(imports: ModuleImport[]): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const { from, to, at } of imports) {
    const targets = graph.get(from) ?? new Map<string, string>();
    if (!targets.has(to)) targets.set(to, at);
    graph.set(from, targets);
    if (!graph.has(to)) graph.set(to, new Map());
  }
  return graph;
}

const sorted = (items: Iterable<string>) => [...items].sort();

/** Tarjan's strongly connected components with more than one module, each sorted, in name order. */
export function tangles(graph: ModuleGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of sorted(graph.get(node)?.keys() ?? [])) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of sorted(graph.keys())) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** The shortest path of modules from `start` to `goal` inside `within` (both ends included). */
function shortestPath(graph: ModuleGraph, start: string, goal: string, within: Set<string>): string[] {
  const cameFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === goal) break;
    for (const next of sorted(graph.get(node)?.keys() ?? [])) {
      if (within.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  const path: string[] = [];
  for (let node: string | null | undefined = goal; node != null; node = cameFrom.get(node)) path.unshift(node);
  return path;
}

/**
 * Every cycle worth naming: for each import inside a tangle, the shortest way back to where it started, so
 * each such import shows in at least one cycle. Written `a → b (a/x.ts:3) → a (b/y.ts:7)`, starting at the
 * cycle's first module by name, each step followed by the place of its import.
 */
export function importCycles(graph: ModuleGraph): string[] {
  const cycles = new Map<string, string>();
  for (const tangle of tangles(graph)) {
    const within = new Set(tangle);
    for (const from of tangle) {
      for (const to of sorted(graph.get(from)?.keys() ?? [])) {
        if (!within.has(to)) continue;
        const loop = [from, ...shortestPath(graph, to, from, within)];
        const first = loop.indexOf(sorted(loop)[0] as string);
        const rotated = [...loop.slice(first, -1), ...loop.slice(0, first), loop[first] as string];
        const key = rotated.join(' ');
        if (cycles.has(key)) continue;
        const steps = rotated.slice(1).map((module, i) => {
          const previous = rotated[i] as string;
          return `${module} (${graph.get(previous)?.get(module)})`;
        });
        cycles.set(key, [rotated[0], ...steps].join(' → '));
      }
    }
  }
  return sorted(cycles.values());
}

describe('import cycles between the API modules', () => {
  it('finds the cycles of a made-up graph (so it can fail)', () => {
    const graph = moduleGraph([
      { from: 'lots', to: 'live', at: 'lots/a.ts:1' },
      { from: 'live', to: 'seller', at: 'live/b.ts:2' },
      { from: 'seller', to: 'lots', at: 'seller/c.ts:3' },
      { from: 'seller', to: 'mail', at: 'seller/c.ts:4' },
      { from: 'orders', to: 'payments', at: 'orders/d.ts:5' },
      { from: 'payments', to: 'orders', at: 'payments/e.ts:6' },
      { from: 'demo', to: 'orders', at: 'demo/f.ts:7' },
    ]);
    expect(tangles(graph)).toEqual([
      ['live', 'lots', 'seller'],
      ['orders', 'payments'],
    ]);
    expect(importCycles(graph)).toEqual([
      'live → seller (live/b.ts:2) → lots (seller/c.ts:3) → live (lots/a.ts:1)',
      'orders → payments (orders/d.ts:5) → orders (payments/e.ts:6)',
    ]);
    expect(importCycles(moduleGraph([{ from: 'demo', to: 'orders', at: 'demo/f.ts:7' }]))).toEqual([]);
  });

  it('reads every kind of relative import, and only those between modules', () => {
    const text = [
      "import { a } from '../lots/a';",
      "import type { B } from '../mail/b';",
      'import {',
      '  c,',
      "} from '../live/c';",
      "export { d } from '../search/d';",
      "export * from '../files/e';",
      "import '../uploads/f';",
      "const g = await import('../places/g');",
      "import { h } from './h';",
      "import { i } from '../../lib/i';",
      "import { j } from '@lotline/db';",
      " * import { k } from '../cms/k';",
    ].join('\n');
    expect(moduleImports('bidding/x.ts', text).map((i) => `${i.to} ${i.at}`)).toEqual([
      'lots bidding/x.ts:1',
      'mail bidding/x.ts:2',
      'live bidding/x.ts:5',
      'search bidding/x.ts:6',
      'files bidding/x.ts:7',
      'uploads bidding/x.ts:8',
      'places bidding/x.ts:9',
    ]);
    expect(moduleImports('orders/payment/y.ts', "import { z } from '../../sellers/z';")).toEqual([
      { from: 'orders', to: 'sellers', at: 'orders/payment/y.ts:1' },
    ]);
  });

  const imports = sources(MODULES)
    .map((path) => relative(MODULES, path).split('\\').join('/'))
    .filter((file) => !isTest(file))
    .flatMap((file) => moduleImports(file, readFileSync(join(MODULES, file), 'utf8')));

  it('still sees the modules (the scan reaches them)', () => {
    const graph = moduleGraph(imports);
    expect(graph.size).toBeGreaterThan(20);
    expect(graph.get('search')?.has('lots')).toBe(true);
    expect(graph.get('files')?.has('uploads')).toBe(true);
  });

  it('has no import cycle between the API modules', () => {
    expect(importCycles(moduleGraph(imports))).toEqual([]);
  });
});
