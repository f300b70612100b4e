import { eventLots, events, lotSearch } from '@lotline/db/schema';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  browseRowLotCondition,
  listedLotCondition,
  listedLotSearchCondition,
  publicEventCondition,
  publicLotCondition,
} from './visibility';

/** The visibility rule (spec §5) that every buyer-facing read asks, checked on its own. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date('2026-06-01T00:00:00Z');
const PAST = new Date('2026-05-01T00:00:00Z');
const FUTURE = new Date('2026-07-01T00:00:00Z');

/** Which of `ids` pass `condition` over event_lots. */
async function lotsWhere(ids: string[], condition: SQL): Promise<string[]> {
  const rows = await t.db
    .select({ id: eventLots.id })
    .from(eventLots)
    .where(and(inArray(eventLots.id, ids), condition));
  return rows.map((r) => r.id).sort();
}

describe('publicEventCondition', () => {
  it('shows every event but a draft', async () => {
    const draft = await t.make.event({ status: 'draft' });
    const shown = [
      await t.make.event({ status: 'view-only' }),
      await t.make.event({ status: 'published' }),
      await t.make.event({ status: 'finalized' }),
    ];
    const rows = await t.db
      .select({ id: events.id })
      .from(events)
      .where(and(inArray(events.id, [draft.id, ...shown.map((e) => e.id)]), publicEventCondition()));
    expect(rows.map((r) => r.id).sort()).toEqual(shown.map((e) => e.id).sort());
  });
});

describe('publicLotCondition', () => {
  it('leaves out hidden lots and lots of draft events; lots with no event are public', async () => {
    const draft = await t.make.event({ status: 'draft' });
    const published = await t.make.event({ status: 'published' });
    const noEvent = await t.make.lot();
    const inPublished = await t.make.lot({ eventId: published.id });
    const hidden = await t.make.lot({ eventId: published.id, hiddenFromMarketplace: true });
    const inDraft = await t.make.lot({ eventId: draft.id });
    const ids = [noEvent.id, inPublished.id, hidden.id, inDraft.id];
    expect(await lotsWhere(ids, publicLotCondition())).toEqual([noEvent.id, inPublished.id].sort());
  });

  it('reads the columns of another alias of event_lots when given them', async () => {
    const draft = await t.make.event({ status: 'draft' });
    const shown = await t.make.lot();
    const hidden = await t.make.lot({ hiddenFromMarketplace: true });
    const inDraft = await t.make.lot({ eventId: draft.id });
    const ids = [shown.id, hidden.id, inDraft.id];
    const other = publicLotCondition({ hidden: sql`other.hidden_from_marketplace`, eventId: sql`other.event_id` });
    const rows = await t.db.execute(
      sql`select other.id from ${eventLots} as other where other.id in (${sql.join(ids, sql`, `)}) and ${other}`,
    );
    expect((rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([shown.id]);
  });
});

describe('browseRowLotCondition', () => {
  it('is public and not in a private-sale event', async () => {
    const privateSale = await t.make.event({ privateSale: true });
    const open = await t.make.event();
    const draft = await t.make.event({ status: 'draft' });
    const noEvent = await t.make.lot();
    const inOpen = await t.make.lot({ eventId: open.id });
    const inPrivate = await t.make.lot({ eventId: privateSale.id });
    const inDraft = await t.make.lot({ eventId: draft.id });
    const ids = [noEvent.id, inOpen.id, inPrivate.id, inDraft.id];
    expect(await lotsWhere(ids, browseRowLotCondition())).toEqual([noEvent.id, inOpen.id].sort());
  });
});

describe('listedLotCondition and listedLotSearchCondition', () => {
  it('count public lots in stock or over, and agree over event_lots and the search projection', async () => {
    const draft = await t.make.event({ status: 'draft' });
    const inStock = await t.make.lot({ quantity: 1, endedAt: FUTURE });
    const outOfStockOpen = await t.make.lot({ quantity: 0, endedAt: FUTURE });
    const outOfStockEnded = await t.make.lot({ quantity: 0, endedAt: PAST });
    const outOfStockSold = await t.make.lot({ quantity: 0, status: 'Sold', endedAt: FUTURE });
    const hidden = await t.make.lot({ hiddenFromMarketplace: true });
    const inDraft = await t.make.lot({ eventId: draft.id });
    const ids = [inStock, outOfStockOpen, outOfStockEnded, outOfStockSold, hidden, inDraft].map((l) => l.id);
    const listed = [inStock.id, outOfStockEnded.id, outOfStockSold.id].sort();

    expect(await lotsWhere(ids, listedLotCondition(NOW))).toEqual(listed);
    const projected = await t.db
      .select({ id: lotSearch.lotId })
      .from(lotSearch)
      .where(and(inArray(lotSearch.lotId, ids), listedLotSearchCondition(NOW, lotSearch)));
    expect(projected.map((r) => r.id).sort()).toEqual(listed);
  });
});
