import { offers, users } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';
import { bidder } from '../registrations/test-helpers';
import { call, HOUR, mailsTo, myOffersUrl, offer, offerScene, offersUrl } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const offersOn = (lotId: string) => t.db.select().from(offers).where(eq(offers.lotId, lotId));
const codeOf = (res: { json(): { errors: { code: string }[] } }) => res.json().errors[0]?.code;

describe('POST offers', () => {
  it('stores a pending offer expiring 48 hours later by the database clock, and tells the seller users', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const res = await call(t, buyer, offersUrl(lot.id), { amount: 80_000, quantity: 2, message: ' Cash today ' }, 'k1');
    expect(res.statusCode).toBe(201);
    const data = res.json().data.offer;
    expect(data).toMatchObject({
      status: 'pending',
      amount: 80_000,
      counterAmount: null,
      quantity: 2,
      message: 'Cash today',
    });
    const hours = (Date.parse(data.expiresAt) - Date.parse(data.createdAt)) / HOUR;
    expect(hours).toBeCloseTo(48, 5);
    // The same key and body answers the first answer; nothing new is stored.
    const again = await call(
      t,
      buyer,
      offersUrl(lot.id),
      { amount: 80_000, quantity: 2, message: ' Cash today ' },
      'k1',
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().data.offer._id).toBe(data._id);
    expect(await offersOn(lot.id)).toHaveLength(1);
    const mails = await mailsTo(t, seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`New offer on ${lot.name}`);
    expect(mails[0]?.text).toContain('A buyer offered $800.00 each for 2 units');
    expect(mails[0]?.text).toContain('Their message: Cash today');
    expect(mails[0]?.text).toContain('http://localhost:3000/seller/offers');
    // The buyer's list shows it.
    const mine = await call(t, buyer, `${myOffersUrl(buyer.id)}?eventLotId=${lot.id}`, undefined, undefined, 'GET');
    expect(mine.json().data.offers).toMatchObject([
      { _id: data._id, lot: { _id: lot.id, buyItNowPrice: 100_000 }, buyer: null },
    ]);
  });

  // The seller's own users (403 OWN_LOT) are refused in sellers/self-dealing.test.ts.
  it('refuses a visitor (401) and an unverified user (403), changing nothing', async () => {
    const { lot } = await offerScene(t);
    expect((await call(t, null, offersUrl(lot.id), { amount: 1000 })).statusCode).toBe(401);
    const unverified = await signUpUser(t);
    const res = await call(t, unverified, offersUrl(lot.id), { amount: 1000 });
    expect([res.statusCode, codeOf(res)]).toEqual([403, 'NOT_VERIFIED']);
    expect(await offersOn(lot.id)).toHaveLength(0);
  });

  it('refuses bad input (400), an unknown or hidden lot (404), and a lot that takes no offers or is not open (409)', async () => {
    const { lot, buyer } = await offerScene(t);
    for (const body of [
      { amount: 0 },
      { amount: 12.5 },
      { amount: 1000, quantity: 0 },
      { amount: 1000, extra: 1 },
      {},
    ]) {
      const res = await call(t, buyer, offersUrl(lot.id), body);
      expect([res.statusCode, codeOf(res)]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await call(t, buyer, offersUrl('lot_nope'), { amount: 1000 })).statusCode).toBe(404);
    const hidden = await offerScene(t, { hiddenFromMarketplace: true });
    expect((await call(t, buyer, offersUrl(hidden.lot.id), { amount: 1000 })).statusCode).toBe(404);
    const noOffers = await offerScene(t, { bestOfferEnabled: false });
    const refused = await call(t, buyer, offersUrl(noOffers.lot.id), { amount: 1000 });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'OFFERS_NOT_ACCEPTED']);
    const auction = await offerScene(t, { type: 'AuctionLot' });
    expect(codeOf(await call(t, buyer, offersUrl(auction.lot.id), { amount: 1000 }))).toBe('OFFERS_NOT_ACCEPTED');
    const ended = await offerScene(t, { endedAt: new Date(Date.now() - 1000) });
    const late = await call(t, buyer, offersUrl(ended.lot.id), { amount: 1000 });
    expect([late.statusCode, codeOf(late)]).toEqual([409, 'LOT_NOT_OPEN']);
    const sold = await offerScene(t, { status: LOT_STATUS.Sold, quantity: 0 });
    expect(codeOf(await call(t, buyer, offersUrl(sold.lot.id), { amount: 1000 }))).toBe('LOT_NOT_OPEN');
    expect(await offersOn(lot.id)).toHaveLength(0);
  });

  it('refuses an amount at or above the Buy Now price and more units than are left (409, with the field)', async () => {
    const { lot, buyer } = await offerScene(t);
    const high = await call(t, buyer, offersUrl(lot.id), { amount: 100_000 });
    expect(high.statusCode).toBe(409);
    expect(high.json().errors[0]).toEqual({
      code: 'OFFER_TOO_HIGH',
      field: 'amount',
      message: 'An offer must be below the Buy Now price of $1,000.00; at that price, buy it now.',
    });
    const many = await call(t, buyer, offersUrl(lot.id), { amount: 50_000, quantity: 4 });
    expect(many.json().errors[0]).toEqual({
      code: 'OUT_OF_STOCK',
      field: 'quantity',
      message: 'Only 3 units are left.',
    });
    expect(await offersOn(lot.id)).toHaveLength(0);
  });

  it('allows one open offer per buyer and lot, and three offers in all', async () => {
    const { lot, buyer } = await offerScene(t);
    const first = await offer(t, buyer, lot.id);
    const second = await call(t, buyer, offersUrl(lot.id), { amount: 81_000 });
    expect([second.statusCode, codeOf(second)]).toEqual([409, 'OFFER_ALREADY_OPEN']);
    // Another buyer is not affected.
    await offer(t, await bidder(t, undefined), lot.id);
    expect((await call(t, buyer, `/marketplace-api/users/${buyer.id}/offers/${first}/withdraw`)).statusCode).toBe(200);
    const again = await offer(t, buyer, lot.id, { amount: 82_000 });
    await call(t, buyer, `/marketplace-api/users/${buyer.id}/offers/${again}/withdraw`);
    await offer(t, buyer, lot.id, { amount: 83_000 });
    await call(t, buyer, `/marketplace-api/users/${buyer.id}/offers/${again}/withdraw`);
    const rows = await offersOn(lot.id);
    expect(rows.filter((o) => o.buyerUserId === buyer.id)).toHaveLength(3);
    // The third is still open: withdraw it, then the fourth is over the limit.
    const open = rows.find((o) => o.buyerUserId === buyer.id && o.status === 'pending');
    await call(t, buyer, `/marketplace-api/users/${buyer.id}/offers/${open?.id}/withdraw`);
    const fourth = await call(t, buyer, offersUrl(lot.id), { amount: 84_000 });
    expect([fourth.statusCode, codeOf(fourth)]).toEqual([409, 'OFFER_LIMIT_REACHED']);
  });

  it('lists another user’s offers only for an admin (403 otherwise)', async () => {
    const { buyer } = await offerScene(t);
    const other = await signUpUser(t);
    expect((await call(t, other, myOffersUrl(buyer.id), undefined, undefined, 'GET')).statusCode).toBe(403);
    expect((await call(t, null, myOffersUrl(buyer.id), undefined, undefined, 'GET')).statusCode).toBe(401);
  });

  it('a seller user of another company may make an offer like any buyer', async () => {
    const { lot } = await offerScene(t);
    const otherCompany = await t.make.company();
    const stranger = await sellerOf(t, otherCompany.id);
    await t.db.update(users).set({ verified: true }).where(eq(users.id, stranger.id));
    expect((await call(t, stranger, offersUrl(lot.id), { amount: 1000 })).statusCode).toBe(201);
  });
});
