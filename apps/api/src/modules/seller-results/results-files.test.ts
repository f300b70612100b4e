import { LOT_OUTCOME_LABELS, type SellerResultsResponse } from '@lotline/contracts';
import { LOT_STATUS } from '@lotline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, formatUtc } from '../../lib/money';
import { createTestApp, type TestApp } from '../../test/app';
import { pdfText } from '../orders/test-helpers';
import { api } from '../seller-events/test-helpers';
import { csvCell, decimalAmount } from './results-csv';
import { type ClosedEventScene, closedEventScene, results } from './test-helpers';

let t: TestApp;
let s: ClosedEventScene;
beforeAll(async () => {
  t = await createTestApp();
  s = await closedEventScene(t);
});
afterAll(() => t.close());

const path = (file: string, eventId = s.event.id) => `/marketplace-api/seller/events/${eventId}/${file}`;

describe('results.csv', () => {
  it('has a header and one line per results row, amounts as decimals, formula-like cells guarded', async () => {
    const res = await api.get(t, s.seller, path('results.csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="results-.+\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      "Lot number,Lot,Type,Outcome,Winner,Winner e-mail,Quantity,High bid,Hammer,Buyer's premium,Tax,Fees,Total,Paid,Refunded,Outstanding,Commission rate (bps),Commission,Seller fees,Net payout,Currency,Order,Order status",
    );
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe(
      `1,Żuraw Ærøskøbing crane,AuctionLot,Sold at auction,Bea Buyer,${s.buyer.email},1,500.00,500.00,50.00,45.38,0.00,595.38,595.38,45.38,0.00,1000,50.00,0.00,411.89,USD,${s.orders.paid.number},OrderPaid`,
    );
    // 595.38 paid − 41.92 tax − 46.19 premium (what the 45.38 refunded did not give back of 45.38 and 50.00,
    // decision 0091) − 10 % of 500.00 − 45.38 refunded = 411.89 (decision 0078).
    // The lot named =HYPERLINK(…) is text, never a formula; its quotes are doubled inside a quoted cell.
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(lines[3]).toMatch(/^3,.*,AuctionLot,Passed \(no bids\),,,,,,/);
    expect(lines[4]).toContain(`,${LOT_OUTCOME_LABELS['reserve-not-met']},,,,700.00,,`);
  });

  it('guards every formula lead and quotes only when needed; decimals follow the currency', () => {
    expect(['=1', '+1', '-1', '@x', '\tx', 'plain', 'a,b'].map(csvCell)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      'plain',
      '"a,b"',
    ]);
    expect([decimalAmount(5, 'USD'), decimalAmount(123_456, 'EUR'), decimalAmount(1500, 'JPY')]).toEqual([
      '0.05',
      '1234.56',
      '1500',
    ]);
  });
});

describe('settlement.pdf', () => {
  it('states the company, event, period, every lot, the totals per currency and what is owed', async () => {
    const res = await api.get(t, s.seller, path('settlement.pdf'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    const data = (await api.get(t, s.seller, results(s.event.id))).json().data as SellerResultsResponse;
    expect(text).toContain('Settlement statement');
    // The number (the event and the minute, database clock); the big title's extraction splits it, the footer not.
    expect(text).toMatch(/Please quote ST-[A-Z0-9]{1,8}-\d{12} with any question/);
    expect(text).toContain(`Period: ${formatUtc(s.event.startAt)} to ${formatUtc(s.event.endAt)}`);
    expect(text).toContain('Event: Łódź plant closure');
    expect(text).toContain(`Seller: ${s.company.displayName ?? s.company.name}`);
    expect(text).toContain('Żuraw Ærøskøbing crane · Sold at auction · Bea Buyer');
    expect(text).toContain('Reserve not met');
    expect(text).toContain('Net payout: what the buyers paid less the tax');
    // Each sale's figures under its line, the rate with its commission.
    expect(text).toContain(
      `Hammer ${formatMoney(50_000, 'USD')} · Premium ${formatMoney(5_000, 'USD')} · Tax ${formatMoney(4_538, 'USD')} · Commission (10%) ${formatMoney(5_000, 'USD')} · Seller fees ${formatMoney(0, 'USD')} · Refunded ${formatMoney(4_538, 'USD')}`,
    );
    // The model: what the buyers paid and owe, summed here from the rows' orders, formatted as the statement does.
    for (const currency of ['USD', 'CAD']) {
      const live = data.rows.filter((r) => r.currency === currency && r.order && r.order.status !== 'OrderCancelled');
      const sum = (pick: (r: (typeof live)[number]) => number | null) => live.reduce((n, r) => n + (pick(r) ?? 0), 0);
      expect(text).toContain(`Totals in ${currency}`);
      expect(text).toContain(
        `Total sales ${formatMoney(
          sum((r) => r.total),
          currency,
        )}`,
      );
      expect(text).toContain(
        `Outstanding ${formatMoney(
          sum((r) => r.outstanding),
          currency,
        )}`,
      );
      expect(text).toContain(
        `Commission ${formatMoney(
          sum((r) => r.commission),
          currency,
        )}`,
      );
      expect(text).toContain(
        `Net payout ${formatMoney(
          sum((r) => r.netPayout),
          currency,
        )}`,
      );
    }
    expect(text).toContain(`Refunded to buyers ${formatMoney(4_538, 'USD')}`);
    // The paid crane: 595.38 less 41.92 tax and 46.19 premium kept, 50.00 commission and 45.38 refunded.
    expect(text).toContain(`Net payout ${formatMoney(41_189, 'USD')}`);
  });

  it('is refused (409) while lots of the event are open, and for others (401, 403, 404)', async () => {
    const running = await t.make.event({ companyId: s.company.id });
    await t.make.lot({ companyId: s.company.id, eventId: running.id, status: LOT_STATUS.Active });
    const early = await api.get(t, s.seller, path('settlement.pdf', running.id));
    expect([early.statusCode, early.json().errors[0].code]).toEqual([409, 'CONFLICT']);
    for (const file of ['settlement.pdf', 'results.csv']) {
      expect((await api.get(t, null, path(file))).statusCode).toBe(401);
      expect((await api.get(t, s.other, path(file))).statusCode).toBe(403);
      expect((await api.get(t, s.buyer, path(file))).statusCode).toBe(403);
      expect((await api.get(t, s.seller, path(file, 'ev_nope'))).statusCode).toBe(404);
    }
  });
});
