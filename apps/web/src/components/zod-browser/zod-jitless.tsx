'use client';

import { z } from 'zod';

/*
 * Zod 4 tries `Function("")` on its first object parse to decide whether to
 * compile parsers. The pages' Content-Security-Policy has no 'unsafe-eval'
 * (decision 0029), so in the browser that try is blocked and reported as a
 * violation; zod then parses without compiling anyway. Say so up front. The
 * root layout renders this first, so the module runs before any island parses.
 */
z.config({ jitless: true });

export function ZodJitless() {
  return null;
}
