/**
 * Bulk inserts for the seed, the emptiness check and the reset.
 *
 * Rows go in as `insert … select … from unnest($1::text[], $2::int8[], …)`:
 * one array parameter per column instead of one parameter per value. A
 * multi-row VALUES insert of the lots table binds ~46 parameters per row and
 * must be split every ~1,400 rows to stay under PostgreSQL's 65,535 limit;
 * with unnest a 5,000-lot chunk is one statement and PostgreSQL parses a few
 * arrays instead of 230,000 parameters (1M lots seeded about 3x faster).
 * Values are converted with each Drizzle column's own mapToDriverValue, so
 * dates, jsonb and arrays are encoded exactly as a Drizzle insert would, then
 * sent as text and cast to the column type by PostgreSQL.
 */
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import type { Executor } from '../executor';
import { companies, eventLots } from '../schema/index';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The INSERT statement for `rows` (all rows must set the same keys). */
export function insertSql<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL {
  const first = rows[0];
  if (!first) throw new Error('insertSql needs at least one row');
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first).filter((k) => (first as Record<string, unknown>)[k] !== undefined);
  const params: SQL[] = [];
  const selects: string[] = [];
  keys.forEach((key, i) => {
    const column = all[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined) throw new Error(`Row of ${getTableName(table)} is missing ${key}`);
      return value === null ? null : String(column.mapToDriverValue(value));
    });
    // Every column travels as text[] and is cast back in the select: drivers
    // cannot encode arrays of enums, and unnest would flatten array columns.
    params.push(sql`${sql.param(values)}::text[]`);
    selects.push(`c${i}::${column.getSQLType()}`);
  });
  const names = keys.map((k) => ident((all[k] as PgColumn).name)).join(', ');
  const aliases = keys.map((_, i) => `c${i}`).join(', ');
  return sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(selects.join(', '))} from unnest(${sql.join(params, sql`, `)}) as t(${sql.raw(aliases)})`;
}

/** Inserts `rows` in statements of at most `batch` rows; returns the row count. */
export async function insertRows<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
  batch = 10_000,
): Promise<number> {
  for (let i = 0; i < rows.length; i += batch) {
    await db.execute(insertSql(table, rows.slice(i, i + batch)));
  }
  return rows.length;
}

/**
 * Parent and child rows in one statement (a data-modifying CTE), which
 * PostgreSQL runs atomically: a chunk of lots and their photos land together
 * or not at all, in a single round trip.
 */
export function insertTogetherSql<P extends PgTable, C extends PgTable>(
  parent: P,
  parents: readonly P['$inferInsert'][],
  child: C,
  children: readonly C['$inferInsert'][],
): SQL {
  if (children.length === 0) return insertSql(parent, parents);
  return sql`with parents as (${insertSql(parent, parents)}) ${insertSql(child, children)}`;
}

/** True when there are no sellers and no lots: nothing a seed would collide with. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
  if (company) return false;
  const [lot] = await db.select({ id: eventLots.id }).from(eventLots).limit(1);
  return !lot;
}

/**
 * Empties every table of the public schema (not the migrations journal, which
 * lives in the drizzle schema). Listing tables from the catalog rather than
 * from our schema also clears tables other packages add later.
 */
export async function resetDatabase(db: Database): Promise<string[]> {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const names = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
  if (names.length > 0) {
    await db.execute(
      sql.raw(`truncate table ${names.map((n) => `"public".${ident(n)}`).join(', ')} restart identity cascade`),
    );
  }
  return names;
}
