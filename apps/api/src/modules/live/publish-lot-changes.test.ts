import { randomUUID } from 'node:crypto';
import { createTestDatabase } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LotChangeListener, listenLotChanges } from './listen-lot-changes';
import { LOT_CHANGES_CHANNEL, notifyPayloads, publishEventChanges, publishLotChanges } from './publish-lot-changes';

/** Console lots have UUID ids (`lot_` + 36 characters): 200 of them passed NOTIFY's 8,000-byte cap. */
const consoleIds = (n: number) => Array.from({ length: n }, () => `lot_${randomUUID()}`);

describe('notifyPayloads', () => {
  it('cuts any number of ids into payloads under 8,000 bytes, every id once and in order', () => {
    const ids = [...consoleIds(1_000), ...Array.from({ length: 500 }, (_, i) => `lot_${i}`)];
    const payloads = notifyPayloads(ids);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8_000);
    expect(payloads.flatMap((p) => (JSON.parse(p) as { ids: string[] }).ids)).toEqual(ids);
    expect(notifyPayloads([])).toEqual([]);
  });

  it('cuts event ids the same way, under their own key (a company suspended with many events)', () => {
    const ids = Array.from({ length: 600 }, () => `evt_${randomUUID()}`);
    const payloads = notifyPayloads(ids, 'eventIds');
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8_000);
    expect(payloads.flatMap((p) => (JSON.parse(p) as { eventIds: string[] }).eventIds)).toEqual(ids);
  });
});

describe('publishLotChanges', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let listener: LotChangeListener;
  const heard: string[] = [];
  const heardEvents: string[][] = [];
  beforeAll(async () => {
    handle = await createTestDatabase();
    const quiet = { warn() {}, info() {} };
    listener = await listenLotChanges(handle.db, {
      changed: (ids) => heard.push(...ids),
      eventsChanged: (eventIds) => heardEvents.push(eventIds),
      reconnected() {},
      log: quiet,
    });
  });
  afterAll(async () => {
    await listener?.stop();
    await handle?.cleanup();
  });

  it('announces 500 console lots at once (an event of 500 lots published)', async () => {
    const ids = consoleIds(500);
    await publishLotChanges(handle.db, ids);
    for (let i = 0; i < 250 && heard.length < ids.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect([...heard].sort()).toEqual([...ids].sort());
  });

  it('announces paused or resumed events as an event-level message, apart from lot changes (decision 0093)', async () => {
    heard.length = 0;
    await publishEventChanges(handle.db, ['ev_a', 'ev_b', 'ev_a']);
    // A payload that is not JSON, or that names neither lots nor events, reaches no handler.
    await handle.db.execute(sql`SELECT pg_notify(${LOT_CHANGES_CHANNEL}, 'not json')`);
    await handle.db.execute(sql`SELECT pg_notify(${LOT_CHANGES_CHANNEL}, ${JSON.stringify({ eventIds: [7] })})`);
    await publishEventChanges(handle.db, []);
    await publishLotChanges(handle.db, ['lot_after']);
    for (let i = 0; i < 250 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    // Notifications arrive in order: the lot change last, so everything before it has been handled.
    expect(heard).toEqual(['lot_after']);
    expect(heardEvents).toEqual([['ev_a', 'ev_b']]);
  });
});
