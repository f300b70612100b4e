import type { Executor } from '@lotline/db';
import { sql } from 'drizzle-orm';

/** The database clock: every decision about time is taken by it, never the server's own. */
export async function dbNow(tx: Executor): Promise<Date> {
  const result = (await tx.execute(sql`select clock_timestamp() as now`)) as unknown as {
    rows: { now: Date | string }[];
  };
  return new Date(result.rows[0]?.now ?? Number.NaN);
}
