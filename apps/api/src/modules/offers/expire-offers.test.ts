import { featureFlags } from '@lotline/db/schema';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { bidder } from '../registrations/test-helpers';
import { expireOffers } from './expire-offers';
import { ageOffer, call, mailsTo, offer, offerRow, offerScene, sellerAction } from './test-helpers';

let t: TestApp;
let deps: Parameters<typeof expireOffers>[1];
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(featureFlags).values({ key: 'COUNTER_OFFER', enabled: true });
  deps = { mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: 'https://lotline.test' };
});
afterAll(() => t.close());

describe('expireOffers', () => {
  it('stores expired on open offers and counters past their time (database clock), tells each buyer once, and leaves the rest', async () => {
    const { lot, seller, buyer } = await offerScene(t);
    const other = await bidder(t, undefined);
    const third = await bidder(t, undefined);
    const pending = await offer(t, buyer, lot.id, { amount: 70_000 });
    const countered = await offer(t, other, lot.id, { amount: 75_000 });
    await call(t, seller, sellerAction(countered, 'counter'), { amount: 90_000 });
    const fresh = await offer(t, third, lot.id, { amount: 72_000 });
    const declined = await offer(t, await bidder(t, undefined), lot.id);
    await call(t, seller, sellerAction(declined, 'decline'));
    for (const id of [pending, countered, declined]) await ageOffer(t, id, -60_000);

    expect(await expireOffers(t.db, deps)).toBe(2);
    expect(await offerRow(t, pending)).toMatchObject({ status: 'expired' });
    expect(await offerRow(t, countered)).toMatchObject({ status: 'expired', counterAmount: 90_000 });
    expect(await offerRow(t, fresh)).toMatchObject({ status: 'pending' });
    expect(await offerRow(t, declined)).toMatchObject({ status: 'declined' });
    const mine = await mailsTo(t, buyer.email);
    expect(mine.map((m) => m.subject)).toEqual([`Offer expired: ${lot.name}`]);
    expect(mine[0]?.text).toContain('the seller did not answer within 48 hours');
    expect(mine[0]?.text).toContain(`https://lotline.test/marketplace/bid/lot/${lot.id}`);
    expect((await mailsTo(t, other.email)).at(-1)?.text).toContain("The seller's counter-offer of $900.00");

    // Idempotent: a second run finds nothing and sends nothing.
    expect(await expireOffers(t.db, deps)).toBe(0);
    expect(await mailsTo(t, buyer.email)).toHaveLength(1);
    // An expired offer frees the buyer to offer again.
    expect(await offer(t, buyer, lot.id, { amount: 71_000 })).toMatch(/^off_/);
  });
});
