import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The web app's module graph read from its sources, for the guard tests that follow imports (what a page ships to
 * the browser, client-bundle.test.ts; what a route reaches at build time, app/dynamic-rendering.guard.test.ts).
 */

/** Every non-test .ts/.tsx file below `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file a relative import names, or null. */
export function resolveRelative(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

const IMPORT = /^(?:import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm;
const TYPE_NAMES_ONLY = /^\{\s*(type\s+[\w$]+(\s+as\s+[\w$]+)?\s*,?\s*)+\}$/;

/** A module text's imports and re-exports, each with whether it is type-only (a type-only import runs nothing). */
export function importsOfText(text: string): { typeOnly: boolean; from: string }[] {
  return [...text.matchAll(IMPORT)].map((m) => ({
    typeOnly: Boolean(m[1]) || TYPE_NAMES_ONLY.test(m[2] ?? ''),
    from: m[3] ?? '',
  }));
}

/** A file's imports and re-exports (importsOfText). */
export function importsOf(file: string) {
  return importsOfText(readFileSync(file, 'utf8'));
}
