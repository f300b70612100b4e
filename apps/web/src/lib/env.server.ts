import { z } from 'zod';

/*
 * Server-side settings. Deliberately no `import 'server-only'` here: the proxy
 * (src/proxy.ts) and unit tests load this module too, and neither runs under
 * the react-server condition that package needs. Nothing here is secret; the
 * `.server` suffix still marks it as not for the browser bundle.
 */
const serverEnvSchema = z.object({
  /** Internal base URL of the API, used by server-side fetches and the proxy. */
  API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3001'),
});
export type ServerEnv = z.infer<typeof serverEnvSchema>;

let cache: { raw: string | undefined; env: ServerEnv } | undefined;

/**
 * Read at call time, not at import, so `API_URL` is a runtime setting: one
 * build can be started against any API. Parsed once per distinct value.
 */
export function readServerEnv(env: Readonly<Record<string, string | undefined>> = process.env): ServerEnv {
  const raw = env.API_URL === '' ? undefined : env.API_URL;
  if (cache && cache.raw === raw) return cache.env;
  const parsed = serverEnvSchema.safeParse({ API_URL: raw });
  if (!parsed.success) {
    throw new Error(`Invalid server environment: API_URL must be an http(s) URL (got "${raw}")`);
  }
  cache = { raw, env: parsed.data };
  return parsed.data;
}

/** The API base URL without a trailing slash, ready for `${base}${path}`. */
export function apiBaseUrl(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return readServerEnv(env).API_URL.replace(/\/+$/, '');
}
