import type { SellerResultsResponse } from '@lotline/contracts';
import { orders } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { api } from '../seller-events/test-helpers';
import { type ClosedEventScene, closedEventScene, results } from './test-helpers';

let t: TestApp;
let s: ClosedEventScene;
beforeAll(async () => {
  t = await createTestApp();
  s = await closedEventScene(t);
});
afterAll(() => t.close());

const read = async (query = '') => {
  const res = await api.get(t, s.seller, results(s.event.id, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SellerResultsResponse;
};

/** The totals computed apart from the results' code: straight from the stored orders. */
async function storedTotals(eventId: string) {
  return t.db
    .select({
      currency: orders.currency,
      hammer: sql<number>`sum(${orders.subtotal})::float8`,
      premium: sql<number>`sum(${orders.buyersPremium})::float8`,
      tax: sql<number>`sum(${orders.tax})::float8`,
      fees: sql<number>`sum(${orders.feesTotal})::float8`,
      total: sql<number>`sum(${orders.total})::float8`,
    })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), ne(orders.status, 'OrderCancelled')))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
}

describe('GET …/seller/events/{eventId}/results', () => {
  it('lists each lot’s outcome, winner, amounts and order, in catalogue order', async () => {
    const data = await read();
    expect(data.closed).toBe(true);
    expect(data.event).toMatchObject({ _id: s.event.id, name: 'Łódź plant closure' });
    const byLot = (id: string) => data.rows.filter((r) => r.lotId === id);
    expect(data.rows.map((r) => r.outcome)).toEqual([
      'sold',
      'sold',
      'passed',
      'reserve-not-met',
      'bought-now',
      'bought-now',
      'sold',
    ]);
    const [paid] = byLot(s.lots.paidLot.id);
    // 50,000 hammer; 10% premium; 8.25% tax on 55,000 = 4,537.5, rounded half away from zero.
    expect(paid).toMatchObject({
      winner: { name: 'Bea Buyer', email: s.buyer.email },
      hammer: 50_000,
      buyersPremium: 5_000,
      tax: 4_538,
      fees: 0,
      total: 59_538,
      paid: 59_538,
      refunded: 4_538,
      outstanding: 0,
      commissionBps: 1000,
      commission: 5_000,
      sellerFees: 0,
      // The 4,538 refunded gave back 346 of the tax and 381 of the premium (decision 0091), not the seller's.
      netPayout: 59_538 - (4_538 - 346) - (5_000 - 381) - 5_000 - 4_538,
      currency: 'USD',
      order: { _id: s.orders.paid.id, status: 'OrderPaid' },
    });
    expect(byLot(s.lots.owedLot.id)[0]).toMatchObject({ total: 23_815, paid: 5_000, outstanding: 18_815 });
    expect(byLot(s.lots.passed.id)[0]).toMatchObject({
      winner: null,
      hammer: null,
      order: null,
      total: null,
      netPayout: null,
    });
    expect(byLot(s.lots.reserveNotMet.id)[0]).toMatchObject({ highBid: 70_000, hammer: null, winner: null });
    const [bought, cancelled] = byLot(s.lots.item.id);
    expect(bought).toMatchObject({ quantity: 2, hammer: 20_000, fees: 1_000, order: { status: 'OrderPending' } });
    expect(cancelled).toMatchObject({
      quantity: 1,
      outstanding: 0,
      commission: 0,
      netPayout: 0,
      order: { status: 'OrderCancelled' },
    });
  });

  it('totals per currency, never mixed, without the cancelled order; they match the stored orders', async () => {
    const data = await read();
    const stored = await storedTotals(s.event.id);
    expect(data.totals.map((t) => t.currency)).toEqual(['CAD', 'USD']);
    expect(
      data.totals.map(({ currency, hammer, buyersPremium: premium, tax, fees, total }) => ({
        ...{ currency, hammer, premium, tax, fees, total },
      })),
    ).toEqual(stored);
    const usd = data.totals.find((x) => x.currency === 'USD');
    expect(usd).toMatchObject({ lotsSold: 3, lotsUnsold: 2, hammer: 90_000, paid: 64_538, refunded: 4_538 });
    // Only the paid order is owed for (the others are still being paid): 59,538 paid less the tax and premium the
    // refund did not give back (4,538 − 346, 5,000 − 381), 10 % commission (the marketplace default) and the
    // 4,538 refunded. Commission is figured on every live order's hammer: 10 % of 50,000 + 20,000 + 20,000.
    expect(usd).toMatchObject({ netPayout: 41_189, commission: 9_000, sellerFees: 0 });
    expect(usd?.outstanding).toBe((usd?.total ?? 0) - 64_538);
    expect(data.totals.find((x) => x.currency === 'CAD')).toMatchObject({ lotsSold: 1, lotsUnsold: 0, total: 35_723 });
  });

  it('pages the rows; the totals stay the whole event’s', async () => {
    const data = await read('?pageSize=2&pageNumber=2');
    expect(data.rows.map((r) => r.lotId)).toEqual([s.lots.passed.id, s.lots.reserveNotMet.id]);
    expect(data.pagination).toEqual({ pageNumber: 2, pageSize: 2, totalItems: 7, totalPages: 4 });
    expect(data.totals).toEqual((await read()).totals);
  });

  it('shows partial results of a running event (closed: false)', async () => {
    const running = await t.make.event({ companyId: s.company.id });
    await t.make.lot({ companyId: s.company.id, eventId: running.id, status: LOT_STATUS.Active });
    const res = await api.get(t, s.seller, results(running.id));
    expect(res.json().data).toMatchObject({ closed: false, rows: [{ outcome: 'open', order: null }] });
  });

  it('refuses a visitor (401), another company’s user and a buyer (403), an unknown event (404), bad paging (400)', async () => {
    expect((await api.get(t, null, results(s.event.id))).statusCode).toBe(401);
    expect((await api.get(t, s.other, results(s.event.id))).statusCode).toBe(403);
    expect((await api.get(t, s.buyer, results(s.event.id))).statusCode).toBe(403);
    expect((await api.get(t, s.seller, results('ev_nope'))).statusCode).toBe(404);
    const bad = await api.get(t, s.seller, results(s.event.id, '?pageSize=0'));
    expect([bad.statusCode, bad.json().errors[0].code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
