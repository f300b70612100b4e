import { sql } from 'drizzle-orm';
import { freshIp, ORIGIN } from '../modules/identity/test-helpers';
import type { TestApp } from './app';

/**
 * Shared by the authorisation walks over the route table (the seller endpoints', decision 0054; the staff
 * endpoints', decision 0088): one route called as one person, and the checksums that prove a refusal changed
 * nothing.
 */

export interface WalkCall {
  method: string;
  /** The route's path with its `:name` parameters. */
  url: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** Calls the route with its path filled (`missing-<name>` for a parameter not given) as `who` (null: a visitor). */
export function callRoute(
  t: TestApp,
  { method, url, params = {}, query = {}, body }: WalkCall,
  who: { cookie: string } | null,
) {
  const path = url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`));
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: method as 'GET',
    url: search ? `${path}?${search}` : path,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      'idempotency-key': `authz-${Math.random()}`,
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** An md5 of each table's rows, by table (every table of the schema when none are named). */
export async function tableChecksums(t: TestApp, tables?: string[]): Promise<Record<string, string>> {
  const names =
    tables ??
    (
      (await t.db.execute(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((row) => row.name);
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, (select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${sql.identifier(name)} x) as sum`,
  );
  const result = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { name: string; sum: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.sum]));
}
