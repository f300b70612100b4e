import type { Executor } from '@lotline/db';
import { sql } from 'drizzle-orm';

/** The PostgreSQL channel every API process LISTENs on for lot changes (the live stream, contract §5). */
export const LOT_CHANGES_CHANNEL = 'lot_changes';

/** NOTIFY payloads are capped at 8,000 bytes; lot ids are short, so batches of 200 stay well below. */
const IDS_PER_NOTIFY = 200;

/**
 * Tells every API process that these lots changed (price, bid count,
 * effective end or status), so each can read their state once and fan it
 * out to its subscribers. Call it AFTER the transaction that changed them
 * has committed, with the database, not the transaction: NOTIFY inside the
 * bid transaction would take PostgreSQL's global notify lock at commit and
 * serialise every bid on every lot behind it. The payload is the ids only;
 * listeners read the committed state themselves.
 */
export async function publishLotChanges(db: Executor, lotIds: readonly string[]): Promise<void> {
  const unique = [...new Set(lotIds)];
  for (let i = 0; i < unique.length; i += IDS_PER_NOTIFY) {
    const payload = JSON.stringify({ ids: unique.slice(i, i + IDS_PER_NOTIFY) });
    await db.execute(sql`SELECT pg_notify(${LOT_CHANGES_CHANNEL}, ${payload})`);
  }
}
