import type { Executor } from '@lotline/db';
import { sql } from 'drizzle-orm';

/** The PostgreSQL channel every API process LISTENs on for lot changes (the live stream, contract §5). */
export const LOT_CHANGES_CHANNEL = 'lot_changes';

/**
 * NOTIFY payloads are capped at 8,000 bytes. A demo lot's id is short, a
 * console lot's is a UUID (`lot_` + 36): batches are cut by size, not count.
 */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_000;

/** The ids in NOTIFY payloads (`{[key]: ids}`) of at most MAX_NOTIFY_PAYLOAD_BYTES each, in order. */
export function notifyPayloads(ids: readonly string[], key: 'ids' | 'eventIds' = 'ids'): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const id of ids) {
    const size = Buffer.byteLength(JSON.stringify(id)) + 1;
    if (batch.length > 0 && bytes + size > MAX_NOTIFY_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ [key]: batch }));
      batch = [];
      bytes = 0;
    }
    batch.push(id);
    bytes += size;
  }
  if (batch.length > 0) payloads.push(JSON.stringify({ [key]: batch }));
  return payloads;
}

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
  for (const payload of notifyPayloads([...new Set(lotIds)])) {
    await db.execute(sql`SELECT pg_notify(${LOT_CHANGES_CHANNEL}, ${payload})`);
  }
}

/**
 * Tells every API process that these events were paused or resumed (decision 0093), published, or their company
 * suspended or reactivated (their pages view-only or open again). The page caches drop the events' pages and
 * every browse and seller page, whose lists of events and lots such a change alters (decision 0103). That writes
 * no lot, so it is an event-level message on the same channel (`{eventIds}`), which each hub fans out to the
 * followers of the events' lots. After the commit, with the database, as `publishLotChanges`; cut by size too
 * (a company may have many events).
 */
export async function publishEventChanges(db: Executor, eventIds: readonly string[]): Promise<void> {
  for (const payload of notifyPayloads([...new Set(eventIds)], 'eventIds')) {
    await db.execute(sql`SELECT pg_notify(${LOT_CHANGES_CHANNEL}, ${payload})`);
  }
}
