import { z } from 'zod';

/**
 * An id, slug or unique name in a path or query parameter. Control characters
 * are refused here: PostgreSQL rejects a NUL in text outright, and no key
 * ever contains one, so the answer is a 400 instead of a database error.
 */
export const keyParam = (max = 200) =>
  z
    .string()
    .min(1)
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
    .regex(/^[^\u0000-\u001f\u007f]+$/, 'Must not contain control characters');
