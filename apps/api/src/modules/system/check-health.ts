import type { Database } from '@lotline/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';

export interface Health {
  ok: true;
  db: 'up';
}

/** Healthy means the database answers a trivial query; anything else is 503 so a load balancer stops routing here. */
export async function checkHealth(db: Database): Promise<Health> {
  try {
    await db.execute(sql`select 1`);
  } catch (cause) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering', { cause });
  }
  return { ok: true, db: 'up' };
}
