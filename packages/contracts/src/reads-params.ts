import { z } from 'zod';

/**
 * An id, slug or unique name in a path or query parameter. Control characters
 * are refused here: PostgreSQL rejects a NUL in text outright, and no key
 * ever contains one, so the answer is a 400 instead of a database error. (The
 * pattern allows the empty string: `min(1)` alone says an empty one is too short.)
 */
export const keyParam = (max = 200) =>
  z
    .string()
    .min(1)
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'Must not contain control characters');

/**
 * A comma list of known names (`a,b`), each trimmed, empty entries and repeats
 * dropped. An unknown name is a 400 that names it and the allowed ones, never
 * silently ignored.
 */
export const commaListOf = <const T extends readonly string[]>(allowed: T, noun: string, max = 200) =>
  z
    .string()
    .max(max)
    .transform((raw, ctx) => {
      const names = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !(allowed as readonly string[]).includes(n));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown ${noun} "${unknown[0]}"; allowed: ${allowed.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(names)] as T[number][];
    });
