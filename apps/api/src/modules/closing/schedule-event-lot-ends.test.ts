import type { Database } from '@lotline/db';
import { createTestDatabase } from '@lotline/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleEventLotEnds } from './schedule-event-lot-ends';
import { closingFixtures } from './test-fixtures';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let fx: ReturnType<typeof closingFixtures>;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  fx = closingFixtures(db);
});
afterAll(() => handle.cleanup());

const end = new Date('2026-12-01T18:00:00Z');
const at = (minutes: number) => new Date(end.getTime() + minutes * 60_000);

async function eventWithLots(stagger: number, sequences: number[]) {
  const event = await fx.make.event({ endAt: end, staggerIntervalSeconds: stagger });
  const lots = [];
  for (const sequence of sequences) {
    lots.push(await fx.make.lot({ eventId: event.id, companyId: event.companyId, sequence, endedAt: end }));
  }
  return { event, lots };
}

describe('scheduleEventLotEnds (BIDDING §5 staggered close)', () => {
  it('ends lot k (sequence order, from 0) at the event end + k × the stagger, both scheduled and effective', async () => {
    const { event, lots } = await eventWithLots(60, [3, 1, 2, 0]);
    const moved = await scheduleEventLotEnds(db, event.id);
    // Sequence 0 keeps the event end as its effective end, and gets it as its scheduled end.
    expect(moved.sort()).toEqual(lots.map((l) => l.id).sort());
    const expected = [3, 1, 2, 0].map((k) => at(k));
    for (const [i, lot] of lots.entries()) {
      const row = await fx.lotRow(lot.id);
      expect(row.endedAt).toEqual(expected[i]);
      expect(row.scheduledEndAt).toEqual(expected[i]);
      expect(row.changeSeq).toBeGreaterThan(lot.changeSeq);
    }
    expect(await scheduleEventLotEnds(db, event.id)).toEqual([]);
  });

  it('with a stagger of 0 ends every lot at the event end', async () => {
    const { event, lots } = await eventWithLots(0, [0, 1, 2]);
    await scheduleEventLotEnds(db, event.id);
    for (const lot of lots) expect((await fx.lotRow(lot.id)).endedAt).toEqual(end);
  });

  it('leaves closed lots and lots a soft close extended where they are, but counts them in the positions', async () => {
    const event = await fx.make.event({ endAt: end, staggerIntervalSeconds: 120 });
    const inEvent = { eventId: event.id, companyId: event.companyId };
    const sold = await fx.make.lot({ ...inEvent, sequence: 0, status: 'Sold', endedAt: at(-60), closedAt: at(-60) });
    const extended = await fx.make.lot({ ...inEvent, sequence: 1, endedAt: at(9), scheduledEndAt: at(2) });
    const upcoming = await fx.make.lot({ ...inEvent, sequence: 2, status: 'Pending', endedAt: null });
    expect(await scheduleEventLotEnds(db, event.id)).toEqual([upcoming.id]);
    expect(await fx.lotRow(sold.id)).toEqual(sold);
    expect(await fx.lotRow(extended.id)).toEqual(extended);
    expect((await fx.lotRow(upcoming.id)).endedAt).toEqual(at(4));
  });

  it('moves the ends again when the event end changes, and does nothing for an unknown event', async () => {
    const { event, lots } = await eventWithLots(60, [0, 1]);
    await scheduleEventLotEnds(db, event.id);
    await db.execute(sql`UPDATE events SET end_at = end_at + interval '1 hour' WHERE id = ${event.id}`);
    expect((await scheduleEventLotEnds(db, event.id)).sort()).toEqual(lots.map((l) => l.id).sort());
    expect((await fx.lotRow(lots[1]?.id as string)).endedAt).toEqual(at(61));
    expect(await scheduleEventLotEnds(db, 'ev_missing')).toEqual([]);
  });
});
