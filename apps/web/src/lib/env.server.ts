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
  /**
   * The event map's tile address, a Leaflet URL template such as
   * `https://tile.example/{z}/{x}/{y}.png`. Unset: the map shows its markers
   * on a plain background and says that tiles are not configured.
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/\S*\{z\}\S*\{x\}\S*\{y\}/, 'an http(s) template with {z}, {x} and {y}')
    .optional(),
  /** The tile provider's credit line, shown in the map's corner (plain text). */
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
});
export type ServerEnv = z.infer<typeof serverEnvSchema>;

let cache: { key: string; env: ServerEnv } | undefined;

/**
 * Read at call time, not at import, so `API_URL` is a runtime setting: one
 * build can be started against any API. Parsed once per distinct value.
 */
export function readServerEnv(env: Readonly<Record<string, string | undefined>> = process.env): ServerEnv {
  const raw = {
    API_URL: env.API_URL || undefined,
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN || undefined,
    MAP_TILE_URL: env.MAP_TILE_URL || undefined,
    MAP_TILE_ATTRIBUTION: env.MAP_TILE_ATTRIBUTION || undefined,
  };
  const key = Object.values(raw).join('\n');
  if (cache && cache.key === key) return cache.env;
  const parsed = serverEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = (issue?.path[0] ?? 'API_URL') as keyof typeof raw;
    const rule = name === 'API_URL' || name === 'PUBLIC_ORIGIN' ? 'an http(s) URL' : issue?.message;
    throw new Error(`Invalid server environment: ${name} must be ${rule} (got "${raw[name]}")`);
  }
  cache = { key, env: parsed.data };
  return parsed.data;
}

/**
 * How long a server-side fetch to the API may take, headers and body (decision 0028): a page's
 * read, or a server action's call (longer: the API may be waiting on Stripe, 20 s a try).
 * Past it the page shows its "not reachable" state instead of hanging.
 */
export const API_TIMEOUTS = { readMs: 15_000, actionMs: 45_000 } as const;

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

/** The event map's tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); null when no tile address is set. */
export function mapTiles(
  env: Readonly<Record<string, string | undefined>> = process.env,
): { url: string; attribution: string } | null {
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION } = readServerEnv(env);
  return MAP_TILE_URL ? { url: MAP_TILE_URL, attribution: MAP_TILE_ATTRIBUTION ?? '' } : null;
}
