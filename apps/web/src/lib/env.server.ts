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
  /** The public origin people and search engines reach the site at: canonical links, sitemaps, Open Graph. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
});
export type ServerEnv = z.infer<typeof serverEnvSchema>;

let cache: { key: string; env: ServerEnv } | undefined;

/**
 * Read at call time, not at import, so `API_URL` is a runtime setting: one
 * build can be started against any API. Parsed once per distinct value.
 */
export function readServerEnv(env: Readonly<Record<string, string | undefined>> = process.env): ServerEnv {
  const raw = { API_URL: env.API_URL || undefined, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN || undefined };
  const key = `${raw.API_URL}\n${raw.PUBLIC_ORIGIN}`;
  if (cache && cache.key === key) return cache.env;
  const parsed = serverEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const name = parsed.error.issues[0]?.path[0] === 'PUBLIC_ORIGIN' ? 'PUBLIC_ORIGIN' : 'API_URL';
    throw new Error(`Invalid server environment: ${name} must be an http(s) URL (got "${raw[name]}")`);
  }
  cache = { key, env: parsed.data };
  return parsed.data;
}

/** The API base URL without a trailing slash, ready for `${base}${path}`. */
export function apiBaseUrl(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return readServerEnv(env).API_URL.replace(/\/+$/, '');
}

/** The site's public origin without a trailing slash, e.g. `https://lotline.example`. */
export function publicOrigin(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return new URL(readServerEnv(env).PUBLIC_ORIGIN).origin;
}

/** An absolute URL on the public site for a path such as `/marketplace/lots`. */
export function absoluteUrl(path: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  return new URL(path, `${publicOrigin(env)}/`).toString();
}
