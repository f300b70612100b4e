import { bids, eventLots, events, offers, registrations } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { buy } from '../orders/test-helpers';
import {
  api,
  codes,
  daysFromNow,
  eventBody,
  eventPath,
  houston,
  type SellerScene,
  storedEvent,
  withSellerScene,
} from './test-helpers';

let t: TestApp;
let s: SellerScene;
withSellerScene((app, scene) => {
  t = app;
  s = scene;
});

/** A published event as the form shows it: started yesterday or starting tomorrow, ending in a week. */
async function published(startDays: number) {
  const body = eventBody({ startAt: daysFromNow(startDays), endAt: daysFromNow(7) });
  const event = await t.make.event({
    companyId: s.company.id,
    status: 'published',
    startAt: new Date(body.startAt),
    endAt: new Date(body.endAt),
    bidDepositAmount: body.bidDeposit.amount,
  });
  return { id: event.id, body };
}

async function register(eventId: string) {
  await t.db.insert(registrations).values({
    id: uniqueId('reg'),
    eventId,
    userId: s.buyer.id,
    status: 'approved',
    depositStatus: 'not-required',
  });
}

const put = (id: string, body: unknown) => api.put(t, s.seller, eventPath(id), body);

describe('PUT a published event: what bidders rely on is locked', () => {
  it('refuses an earlier end and a start that has passed, naming both, and changes nothing', async () => {
    const { id, body } = await published(-1);
    const before = await storedEvent(t, id);
    const res = await put(id, { ...body, name: 'Renamed', startAt: daysFromNow(-0.5), endAt: daysFromNow(6) });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      {
        code: 'EVENT_LOCKED',
        field: 'endAt',
        message: 'The end cannot move earlier once the event is published: bidders plan on it.',
      },
      { code: 'EVENT_LOCKED', field: 'startAt', message: 'The start cannot move once it has passed.' },
    ]);
    expect(await storedEvent(t, id)).toEqual(before);
  });

  it('moves a future start and a later end, and the lots follow the new end', async () => {
    const { id, body } = await published(1);
    const lot = await t.make.lot({ companyId: s.company.id, eventId: id, status: 'Pending' });
    const endAt = daysFromNow(9);
    const res = await put(id, { ...body, startAt: daysFromNow(2), endAt });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(eventLots).where(eq(eventLots.id, lot.id));
    expect(row?.endedAt?.getTime()).toBe(Date.parse(endAt));
  });

  it('locks the sale format, deposit and settings once a bidder registered; text stays editable', async () => {
    const { id, body } = await published(-1);
    const free = await put(id, { ...body, settings: { ...body.settings, buyersPremiumBps: 1000 } });
    expect(free.statusCode, free.body).toBe(200);
    await register(id);
    const before = await storedEvent(t, id);
    const res = await put(id, {
      ...body,
      saleFormat: 'tender',
      bidDeposit: null,
      settings: { ...body.settings, buyersPremiumBps: 500, softCloseWindowSeconds: 60 },
    });
    expect(res.statusCode).toBe(409);
    expect(codes(res)).toEqual([
      'EVENT_LOCKED saleFormat',
      'EVENT_LOCKED bidDeposit',
      'EVENT_LOCKED settings.softCloseWindowSeconds',
      'EVENT_LOCKED settings.buyersPremiumBps',
    ]);
    expect(res.json().errors[0].message).toBe(
      'The sale format cannot change: buyers have already registered, bid, offered, tendered or bought under it.',
    );
    expect(await storedEvent(t, id)).toEqual(before);
    const text = await put(id, {
      ...body,
      settings: { ...body.settings, buyersPremiumBps: 1000 },
      name: 'New name',
      title: 'New title',
      terms: [{ type: 'Removal', text: 'By Friday.' }],
      attachments: [],
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data).toMatchObject({ name: 'New name', terms: [{ type: 'Removal', text: 'By Friday.' }] });
  });

  it('locks the settings once a lot has a bid', async () => {
    const { id, body } = await published(-1);
    const lot = await t.make.lot({ companyId: s.company.id, eventId: id, bidsCount: 1 });
    await t.db
      .insert(bids)
      .values({ id: uniqueId('bid'), lotId: lot.id, userId: s.buyer.id, amount: 10_000, priceAfter: 10_000 });
    const before = await storedEvent(t, id);
    const res = await put(id, {
      ...body,
      settings: { ...body.settings, incrementTable: [{ from: 0, increment: 100 }] },
    });
    expect(codes(res)).toEqual(['EVENT_LOCKED settings.incrementTable']);
    expect(await storedEvent(t, id)).toEqual(before);
  });
});

describe('PUT a published event: buy-now and offer events lock their terms too (issue 25)', () => {
  for (const commitment of ['a purchase', 'an offer'] as const)
    it(`locks the buyer's premium and the payment window after ${commitment}`, async () => {
      const { id, body } = await published(-1);
      const lot = await t.make.lot({
        companyId: s.company.id,
        eventId: id,
        type: 'BuyItNowItem',
        buyItNowPrice: 10_000,
        bestOfferEnabled: true,
      });
      if (commitment === 'a purchase') {
        await t.db.update(eventLots).set({ status: LOT_STATUS.Active, quantity: 2 }).where(eq(eventLots.id, lot.id));
        await buy(t, s.buyer.id, lot.id);
      } else {
        await t.db.insert(offers).values({
          id: uniqueId('off'),
          lotId: lot.id,
          buyerUserId: s.buyer.id,
          companyId: s.company.id,
          amount: 8_000,
          currency: 'USD',
          quantity: 1,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
      }
      const before = await storedEvent(t, id);
      const res = await put(id, {
        ...body,
        settings: { ...body.settings, buyersPremiumBps: 2500, paymentWindowDays: 30 },
      });
      expect(codes(res)).toEqual(['EVENT_LOCKED settings.buyersPremiumBps', 'EVENT_LOCKED settings.paymentWindowDays']);
      expect(await storedEvent(t, id)).toEqual(before);
    });
});

describe('PUT a published event: the deposit is one value', () => {
  it('saves unchanged an event with no deposit stored in CAD once a bidder registered', async () => {
    // As the seed stores a CAD event without a deposit: amount null, currency CAD.
    const { id, body } = await published(-1);
    await t.db.update(events).set({ bidDepositAmount: null, bidDepositCurrency: 'CAD' }).where(eq(events.id, id));
    await register(id);
    const res = await put(id, { ...body, bidDeposit: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedEvent(t, id))?.bidDepositCurrency).toBe('CAD');
    const added = await put(id, { ...body, bidDeposit: { amount: 100, currency: 'CAD' } });
    expect(codes(added)).toEqual(['EVENT_LOCKED bidDeposit']);
  });
});

describe('PUT a finalized event: only its text changes', () => {
  it('refuses the schedule, the private-sale flag and the settings (naming each), with nobody registered', async () => {
    const { id, body } = await published(-3);
    await t.db.update(events).set({ status: 'finalized' }).where(eq(events.id, id));
    const before = await storedEvent(t, id);
    const res = await put(id, {
      ...body,
      name: 'Renamed',
      privateSale: true,
      startAt: daysFromNow(1),
      endAt: daysFromNow(9),
      settings: { ...body.settings, buyersPremiumBps: 500 },
    });
    expect(res.statusCode).toBe(409);
    expect(codes(res)).toEqual([
      'EVENT_LOCKED privateSale',
      'EVENT_LOCKED startAt',
      'EVENT_LOCKED endAt',
      'EVENT_LOCKED settings.buyersPremiumBps',
    ]);
    expect(res.json().errors[0].message).toBe('The private-sale flag cannot change: the event is finalized.');
    expect(await storedEvent(t, id)).toEqual(before);
    const location = await api.post(t, s.seller, `${eventPath(id)}/locations`, houston);
    expect(codes(location)).toEqual(['EVENT_LOCKED locations']);
    const text = await put(id, { ...body, name: 'Renamed', description: 'Sold out.', terms: [], attachments: [] });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data).toMatchObject({ name: 'Renamed', description: 'Sold out.', terms: [] });
  });
});
