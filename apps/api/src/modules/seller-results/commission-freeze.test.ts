import { events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { changeLotStatus } from '../lots/change-lot-status';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { createOrder } from '../orders/create-order';
import { hoursFromNow } from '../search/facets.fixtures';
import { api, eventPath, houston, type SellerScene, sellerScene } from '../seller-events/test-helpers';
import { putCommission } from '../staff-commission/test-helpers';
import { patchCompany } from '../staff-companies/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';

/**
 * Publishing freezes the commission on the event (decision 0078): the company's override, else the marketplace
 * default at that moment; a later change of either leaves a published event's rate as it was.
 */

let t: TestApp;
let s: SellerScene;
let staffCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await sellerScene(t);
  staffCookie = (await signUpStaff(t)).cookie;
});
afterAll(() => t.close());

/** A draft that passes the publish checks: a location and one upcoming lot with a category, location and photo. */
async function publishableDraft() {
  const event = await t.make.event({
    companyId: s.company.id,
    status: 'draft',
    startAt: hoursFromNow(24),
    endAt: hoursFromNow(24 * 8),
  });
  const loc = await api.post(t, s.seller, `${eventPath(event.id)}/locations`, houston);
  expect(loc.statusCode, loc.body).toBe(201);
  const category = await t.make.category();
  const lot = await t.make.lot({
    companyId: s.company.id,
    productCategoryId: category.id,
    dispositionLocationId: loc.json().data._id as string,
    eventId: event.id,
    number: '1',
    type: 'AuctionLot',
    status: 'Pending',
    startAt: hoursFromNow(24),
    endedAt: hoursFromNow(200),
    startingBid: 10_000,
  });
  await t.make.photo(lot.id, 0);
  return { ...event, lotId: lot.id };
}

const publish = async (eventId: string) => {
  const res = await api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' });
  expect(res.statusCode, res.body).toBe(200);
};
const frozen = async (eventId: string) =>
  (await t.db.select({ bps: events.commissionBps }).from(events).where(eq(events.id, eventId)))[0]?.bps;

describe('publishing freezes the commission', () => {
  it("takes the company's override, and keeps it when the override and the default change later", async () => {
    expect((await patchCompany(t, staffCookie, s.company.id, { commissionBps: 1250 })).statusCode).toBe(200);
    const draft = await publishableDraft();
    expect(await frozen(draft.id)).toBeNull();
    await publish(draft.id);
    expect(await frozen(draft.id)).toBe(1250);

    expect((await patchCompany(t, staffCookie, s.company.id, { commissionBps: 300 })).statusCode).toBe(200);
    expect((await putCommission(t, staffCookie, { commissionBps: 700 })).statusCode).toBe(200);
    expect(await frozen(draft.id)).toBe(1250);
    // A sale made now is charged the frozen rate: 12.5 % of 10,000.
    await changeLotStatus(t.db, draft.lotId, 'open');
    await changeLotStatus(t.db, draft.lotId, 'sell');
    await t.db.transaction((tx) =>
      createOrder(
        tx,
        {
          source: 'auction',
          buyerUserId: s.buyer.id,
          lotId: draft.lotId,
          quantity: 1,
          unitPrice: 10_000,
          approval: 'approved',
        },
        { mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: 'https://lotline.test' },
      ),
    );
    const results = await api.get(t, s.seller, `/marketplace-api/seller/events/${draft.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().data.rows[0]).toMatchObject({ commissionBps: 1250, commission: 1_250 });

    // The next event publishes at the override in force now.
    const next = await publishableDraft();
    await publish(next.id);
    expect(await frozen(next.id)).toBe(300);
  });

  it('takes the marketplace default when the company has no override, and keeps it after the default changes', async () => {
    expect((await patchCompany(t, staffCookie, s.company.id, { commissionBps: null })).statusCode).toBe(200);
    expect((await putCommission(t, staffCookie, { commissionBps: 900 })).statusCode).toBe(200);
    const draft = await publishableDraft();
    await publish(draft.id);
    expect(await frozen(draft.id)).toBe(900);
    expect((await putCommission(t, staffCookie, { commissionBps: 1100 })).statusCode).toBe(200);
    expect(await frozen(draft.id)).toBe(900);
  });
});
