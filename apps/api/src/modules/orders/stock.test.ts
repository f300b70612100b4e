import { lotFacetsResponse, successEnvelope } from '@lotline/contracts';
import { queryRows } from '@lotline/db';
import { eventLots, orders } from '@lotline/db/schema';
import { cardState, LOT_STATUS } from '@lotline/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { endDueListings } from '../closing/end-due-listings';
import { sellerOf } from '../messaging/test-helpers';
import { bidder } from '../registrations/test-helpers';
import { getData } from '../search/facets.fixtures';
import { expireOrderApprovals } from './expire-order-approvals';
import { buy, buyNowLot, get, orderJobDeps, post } from './test-helpers';

/**
 * Units that come back after a buy-now item's end (issue 15's leftover): a
 * sold-out item the lot clock passed by (it ends only Active items) must end
 * up as the clock leaves an item that still had units at its end: Ended, its
 * close recorded, the same card, search counts and results.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const facetsEnvelope = successEnvelope(lotFacetsResponse);
const lotRows = (ids: string[]) =>
  t.db
    .select({
      id: eventLots.id,
      status: eventLots.status,
      quantity: eventLots.quantity,
      closedAt: eventLots.closedAt,
      type: eventLots.type,
    })
    .from(eventLots)
    .where(inArray(eventLots.id, ids));
const lotRow = async (id: string) => (await lotRows([id]))[0];
/** Moves the lots' end a minute into the past by the database clock. */
const endNow = (ids: string[]) =>
  t.db.update(eventLots).set({ endedAt: sql`now() - interval '1 minute'` }).where(inArray(eventLots.id, ids));

describe('units given back after a buy-now item’s end', () => {
  it('a sold-out item whose order is rejected after its end is Ended with its units, as the clock ends an unsold item', async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    const category = await t.make.category({ name: 'Presses' });
    const buyer = await bidder(t, undefined);
    const soldOut = await buyNowLot(t, { companyId: company.id, productCategoryId: category.id });
    // The control: in the same event and category, some units left at its end.
    const unsold = await buyNowLot(t, {
      companyId: company.id,
      eventId: soldOut.eventId,
      productCategoryId: category.id,
    });
    const all = await buy(t, buyer.id, soldOut.id, { approval: 'awaiting', quantity: 3 });
    const some = await buy(t, buyer.id, unsold.id, { approval: 'awaiting', quantity: 1 });
    expect(await lotRow(soldOut.id)).toMatchObject({ status: LOT_STATUS.Sold, quantity: 0 });

    await endNow([soldOut.id, unsold.id]);
    // The clock ends the item with units left and passes the sold-out one by.
    const ended = await endDueListings(t.db);
    expect(ended).toContain(unsold.id);
    expect(ended).not.toContain(soldOut.id);
    expect(await lotRow(unsold.id)).toMatchObject({ status: LOT_STATUS.Ended, quantity: 2 });
    expect((await lotRow(unsold.id))?.closedAt).not.toBeNull();
    expect(await lotRow(soldOut.id)).toMatchObject({ status: LOT_STATUS.Sold, closedAt: null });

    // The seller rejects the sold-out item's order: its three units come back after its end.
    const rejected = await post(t, `/marketplace-api/seller/orders/${all.id}/reject`, seller.cookie, {
      reason: 'Cannot ship.',
    });
    expect(rejected.statusCode).toBe(200);
    // The other order runs out of time (the approval deadline job): its unit comes back to the Ended item.
    await t.db.update(orders).set({ approvalDueAt: sql`now() - interval '1 minute'` }).where(eq(orders.id, some.id));
    const deps = orderJobDeps(t);
    expect(await expireOrderApprovals(deps)).toBe(1);

    const back = await lotRow(soldOut.id);
    expect(back).toMatchObject({ status: LOT_STATUS.Ended, quantity: 3 });
    expect(back?.closedAt).not.toBeNull();
    expect(await lotRow(unsold.id)).toMatchObject({ status: LOT_STATUS.Ended, quantity: 3 });
    // Neither is on sale again, and the clock has nothing more to do.
    expect(await endDueListings(t.db)).toEqual([]);

    // The same card for both: UNAVAILABLE (a buy-now lot that is not active), not SOLD.
    for (const lot of [soldOut, unsold]) {
      const page = await get(t, `/marketplace/api/lots/${lot.id}`);
      expect(page.statusCode).toBe(200);
      const source = page.json().data.lot._source;
      expect(source).toMatchObject({ status: LOT_STATUS.Ended, quantity: 3 });
      expect(cardState(source.status, source.type)).toBe('UNAVAILABLE');
    }

    // Search: the projection and the count table agree, both items are past (browsing: the count table's path).
    const projection = await queryRows<{ status: string }>(
      t.db,
      sql`select status from lot_search where lot_id in (${soldOut.id}, ${unsold.id})`,
    );
    expect(projection.map((r) => r.status)).toEqual([LOT_STATUS.Ended, LOT_STATUS.Ended]);
    const { facets } = await getData(
      t,
      '/marketplace/api/search/lot-facets',
      { 'product-category': category.slug, status: 'past' },
      facetsEnvelope,
    );
    expect(Object.fromEntries(facets.status.map((s) => [s.value, s.count]))).toEqual({
      active: 0,
      upcoming: 0,
      past: 2,
    });
    expect(facets.saleFormat.find((f) => f.value === 'buy-now')?.count).toBe(2);

    // The seller's results: the event is closed; each item had only a cancelled order, so it counts unsold.
    const results = await get(t, `/marketplace-api/seller/events/${soldOut.eventId}/results`, seller.cookie);
    expect(results.statusCode).toBe(200);
    const data = results.json().data;
    expect(data.closed).toBe(true);
    expect(data.rows.map((r: { lotId: string; status: string }) => [r.lotId, r.status]).sort()).toEqual(
      [
        [soldOut.id, LOT_STATUS.Ended],
        [unsold.id, LOT_STATUS.Ended],
      ].sort(),
    );
    expect(data.totals).toMatchObject([{ lotsSold: 0, lotsUnsold: 2 }]);
  });

  it('before its end the same rejection puts the sold-out item on sale again (restock), its close not recorded', async () => {
    const company = await t.make.company();
    const seller = await sellerOf(t, company.id);
    const buyer = await bidder(t, undefined);
    const lot = await buyNowLot(t, { companyId: company.id });
    const order = await buy(t, buyer.id, lot.id, { approval: 'awaiting', quantity: 3 });
    const res = await post(t, `/marketplace-api/seller/orders/${order.id}/reject`, seller.cookie, { reason: 'No.' });
    expect(res.statusCode).toBe(200);
    expect(await lotRow(lot.id)).toMatchObject({ status: LOT_STATUS.Active, quantity: 3, closedAt: null });
  });
});
