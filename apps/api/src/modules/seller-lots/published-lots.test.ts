import { randomUUID } from 'node:crypto';
import {
  bids,
  eventLots,
  events,
  lotBidders,
  lotChangeNotices,
  mailOutbox,
  offers,
  orders,
  registrations,
  tenders,
  userVars,
  wishlists,
} from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpUser } from '../identity/test-helpers';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { buy } from '../orders/test-helpers';
import { api, codes, daysFromNow, eventPath } from '../seller-events/test-helpers';
import { pdfBytes, uploadFile } from '../tax-exemptions/test-helpers';
import { announceLotChanges } from './announce-lot-changes';
import {
  addPhoto,
  createLot,
  eventLotsPath,
  lotBody,
  lotPath,
  lotScene,
  newEvent,
  PNG,
  storedLots,
  storedPhotos,
} from './test-helpers';

let t: TestApp;
let s: Awaited<ReturnType<typeof lotScene>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await lotScene(t);
});
afterAll(() => t.close());

/** A published event (starting as given) with one publishable lot; returns the ids and the lot's form. */
async function publishedEvent(startAt = daysFromNow(2)) {
  const { eventId, locationId } = await newEvent(t, s.seller, s.company.id, { startAt });
  const form = lotBody({ productCategoryId: s.category.id, dispositionLocationId: locationId });
  const lot = await createLot(t, s.seller, eventId, form);
  await addPhoto(t, s.seller, lot._id);
  const res = await api.post(t, s.seller, `${eventPath(eventId)}/publish`, { as: 'published' });
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.body}`);
  return { eventId, lotId: lot._id, form };
}

describe('a published event’s lots', () => {
  it('edits freely before anyone commits; the public lot page shows the edit at once', async () => {
    const { lotId, form } = await publishedEvent();
    const res = await api.put(t, s.seller, lotPath(lotId), { ...form, name: 'Pump, renamed', startingBid: 12_000 });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: `/marketplace/api/lots/${lotId}` })).json().data.lot._source;
    expect(page).toMatchObject({ name: 'Pump, renamed', startingBid: 12_000 });
  });

  /** Every field that prices a committed buyer's order, with a changed value for it. */
  const PRICING_CHANGES = (locationId: string) =>
    ({
      startingBid: 1,
      reserveBid: 50_000,
      buyItNowPrice: 99_000,
      riggingCost: 5_000_000,
      riggingParty: 'buyer',
      loadingCost: 2_500,
      loadingParty: 'buyer',
      shippingCost: 9_999,
      shippingParty: 'seller',
      dispositionLocationId: locationId,
    }) as const;
  const LOCKED_FIELDS = [
    'startingBid',
    'reserveBid',
    'type',
    'buyItNowPrice',
    'riggingCost',
    'riggingParty',
    'loadingCost',
    'loadingParty',
    'shippingCost',
    'shippingParty',
    'dispositionLocationId',
  ];

  it('409 LOT_LOCKED, one entry per field, for everything that prices the order once someone has bid; the text stays editable', async () => {
    const { eventId, lotId, form } = await publishedEvent();
    const other = await api.post(t, s.seller, `${eventPath(eventId)}/locations`, {
      city: 'Toronto',
      region: 'ON',
      country: 'CA',
      taxRate: 13,
      lat: 43.65,
      lon: -79.38,
    });
    expect(other.statusCode, other.body).toBe(201);
    await t.db.insert(bids).values({
      id: `bid_${randomUUID()}`,
      lotId,
      userId: s.buyer.id,
      amount: form.startingBid as number,
      maxAmount: form.startingBid as number,
      priceAfter: form.startingBid as number,
    });
    const before = await storedLots(t, eventId);
    const res = await api.put(t, s.seller, lotPath(lotId), { ...form, ...PRICING_CHANGES(other.json().data._id) });
    expect(res.statusCode).toBe(409);
    expect(codes(res)).toEqual(LOCKED_FIELDS.filter((f) => f !== 'type').map((f) => `LOT_LOCKED ${f}`));
    expect(res.json().errors[0].message).toBe(
      'Buyers have already registered, bid, offered, tendered or bought on this lot: its starting bid cannot change.',
    );
    const read = (await api.get(t, s.seller, lotPath(lotId))).json().data;
    expect(read.locks.map((l: { field: string }) => l.field)).toEqual(LOCKED_FIELDS);
    expect(await storedLots(t, eventId)).toEqual(before);
    const ok = await api.put(t, s.seller, lotPath(lotId), {
      ...form,
      name: 'Still editable',
      description: 'A new description.',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a registration for the event locks its lots’ pricing before any bid', async () => {
    const { eventId, lotId, form } = await publishedEvent();
    await t.db.insert(registrations).values({
      id: `reg_${randomUUID()}`,
      eventId,
      userId: s.buyer.id,
      status: 'approved',
      depositStatus: 'not-required',
    });
    const res = await api.put(t, s.seller, lotPath(lotId), { ...form, riggingCost: 5_000_000, riggingParty: 'buyer' });
    expect(codes(res)).toEqual(['LOT_LOCKED riggingCost', 'LOT_LOCKED riggingParty']);
  });

  for (const commitment of ['an offer', 'a tender'] as const)
    it(`${commitment} on the lot locks its pricing too, changing nothing`, async () => {
      const { eventId, lotId, form } = await publishedEvent();
      const amount = { lotId, amount: 20_000, currency: 'USD' };
      if (commitment === 'an offer') {
        const expiresAt = new Date(Date.now() + 86_400_000);
        await t.db.insert(offers).values({
          ...{ id: `off_${randomUUID()}`, buyerUserId: s.buyer.id, companyId: s.company.id, expiresAt },
          ...amount,
        });
      } else {
        await t.db.insert(tenders).values({ id: `tnd_${randomUUID()}`, userId: s.buyer.id, ...amount });
      }
      const before = await storedLots(t, eventId);
      const res = await api.put(t, s.seller, lotPath(lotId), {
        ...form,
        riggingCost: 5_000_000,
        riggingParty: 'buyer',
      });
      expect(codes(res)).toEqual(['LOT_LOCKED riggingCost', 'LOT_LOCKED riggingParty']);
      expect(await storedLots(t, eventId)).toEqual(before);
    });

  it('refuses delete and reorder once published (409 EVENT_PUBLISHED); a copy of a complete lot before the start is fine', async () => {
    const { eventId, lotId } = await publishedEvent();
    expect(codes(await api.delete(t, s.seller, lotPath(lotId)))).toEqual(['EVENT_PUBLISHED']);
    expect(codes(await api.put(t, s.seller, `${eventLotsPath(eventId)}/order`, { lotIds: [lotId] }))).toEqual([
      'EVENT_PUBLISHED',
    ]);
    const copied = await api.post(t, s.seller, `${lotPath(lotId)}/copy`);
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().data.status).toBe('Pending');
    expect(await storedLots(t, eventId)).toHaveLength(2);
  });

  it('409 PUBLISHED_LOT_INCOMPLETE for a new lot of a published event (it would be public with no photo), changing nothing', async () => {
    const { eventId, form } = await publishedEvent();
    const before = await storedLots(t, eventId);
    const res = await api.post(t, s.seller, eventLotsPath(eventId), { ...form, number: '2' });
    expect(codes(res)).toEqual(['PUBLISHED_LOT_INCOMPLETE lots[2].photos']);
    expect(res.json().errors[0].message).toBe(
      'The event is published, so every lot must stay complete: Lot 2 has no photo.',
    );
    const bare = await api.post(t, s.seller, eventLotsPath(eventId), lotBody({ number: '3', startingBid: null }));
    expect(codes(bare)).toEqual([
      'PUBLISHED_LOT_INCOMPLETE lots[3].photos',
      'PUBLISHED_LOT_INCOMPLETE lots[3].category',
      'PUBLISHED_LOT_INCOMPLETE lots[3].startingBid',
      'PUBLISHED_LOT_INCOMPLETE lots[3].location',
    ]);
    expect(await storedLots(t, eventId)).toEqual(before);
  });

  it('409 PUBLISHED_LOT_INCOMPLETE when an edit would drop the category, location or starting bid, changing nothing', async () => {
    const { eventId, form } = await publishedEvent();
    const lotId = (await storedLots(t, eventId))[0]?.id as string;
    const before = await storedLots(t, eventId);
    for (const [field, name] of [
      ['productCategoryId', 'category'],
      ['dispositionLocationId', 'location'],
      ['startingBid', 'startingBid'],
    ] as const) {
      const res = await api.put(t, s.seller, lotPath(lotId), { ...form, [field]: null });
      expect(codes(res)).toEqual([`PUBLISHED_LOT_INCOMPLETE lots[1].${name}`]);
    }
    expect(await storedLots(t, eventId)).toEqual(before);
  });

  it('409 PUBLISHED_LOT_INCOMPLETE for removing a published lot’s last photo; another one may go', async () => {
    const { lotId } = await publishedEvent();
    const photos = (await api.get(t, s.seller, lotPath(lotId))).json().data.photos as { _id: string }[];
    const only = photos[0]?._id as string;
    const res = await api.delete(t, s.seller, `${lotPath(lotId)}/photos/${only}`);
    expect(codes(res)).toEqual(['PUBLISHED_LOT_INCOMPLETE lots[1].photos']);
    expect((await storedPhotos(t, lotId)).map((p) => p.id)).toEqual([only]);
    await addPhoto(t, s.seller, lotId);
    const ok = await api.delete(t, s.seller, `${lotPath(lotId)}/photos/${only}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await storedPhotos(t, lotId)).toHaveLength(1);
  });

  it('409 LOT_LOCKED for photo writes on a closed lot, changing nothing', async () => {
    const { lotId } = await publishedEvent();
    await t.db.update(eventLots).set({ status: LOT_STATUS.Sold }).where(eq(eventLots.id, lotId));
    const photos = await storedPhotos(t, lotId);
    const photoId = photos[0]?.id as string;
    const key = await uploadFile(t, s.seller.cookie, 'photo.png', PNG);
    for (const res of [
      await api.post(t, s.seller, `${lotPath(lotId)}/photos`, { uploadId: key }),
      await api.put(t, s.seller, `${lotPath(lotId)}/photos/order`, { photoIds: [photoId] }),
      await api.delete(t, s.seller, `${lotPath(lotId)}/photos/${photoId}`),
    ]) {
      expect(codes(res)).toEqual(['LOT_LOCKED photos']);
      expect(res.json().errors[0].message).toBe('The lot has closed (Sold): it can no longer change.');
    }
    expect(await storedPhotos(t, lotId)).toEqual(photos);
  });

  it('refuses a new lot or a copy once the event has started (409 EVENT_PUBLISHED), changing nothing', async () => {
    // Published before its start (the publish checks want it in the future), then the start passes.
    const { eventId, lotId } = await publishedEvent();
    await t.db.update(events).set({ startAt: sql`now() - interval '1 day'` }).where(eq(events.id, eventId));
    const before = await storedLots(t, eventId);
    const res = await api.post(t, s.seller, eventLotsPath(eventId), lotBody({ number: '9' }));
    expect(codes(res)).toEqual(['EVENT_PUBLISHED']);
    expect(res.json().errors[0].message).toBe('The event has started: no lot can be added to it any more.');
    expect(codes(await api.post(t, s.seller, `${lotPath(lotId)}/copy`))).toEqual(['EVENT_PUBLISHED']);
    expect(await storedLots(t, eventId)).toEqual(before);
  });

  it('once orders hold units, the quantity (the units left) is locked; the rest stays editable', async () => {
    const event = await t.make.event({ companyId: s.company.id, saleFormat: 'buy-now', status: 'published' });
    // Complete, as a published lot must stay (a photo, a category, a price, a location of the event).
    const location = await t.make.location({ eventId: event.id });
    const lot = await t.make.lot({
      companyId: s.company.id,
      eventId: event.id,
      dispositionLocationId: location.id,
      type: 'BuyItNowItem',
      status: LOT_STATUS.Active,
      buyItNowPrice: 10_000,
      productCategoryId: s.category.id,
      quantity: 3,
      startAt: new Date(Date.now() - 3_600_000),
      endedAt: new Date(Date.now() + 3 * 86_400_000),
    });
    await t.make.photo(lot.id, 0);
    await buy(t, s.buyer.id, lot.id);
    const form = lotBody({
      number: lot.number,
      type: 'BuyItNowItem',
      startingBid: null,
      buyItNowPrice: 10_000,
      quantity: 2,
      dispositionLocationId: location.id,
      productCategoryId: s.category.id,
      // As the lot was made: no fees.
      riggingCost: null,
      riggingParty: null,
      shippingParty: null,
    });
    const locked = await api.put(t, s.seller, lotPath(lot.id), { ...form, quantity: 5 });
    expect(codes(locked)).toEqual(['LOT_LOCKED quantity']);
    expect(locked.json().errors[0].message).toBe(
      '1 sold already: the quantity left is counted down by orders and cannot be edited.',
    );
    const ok = await api.put(t, s.seller, lotPath(lot.id), { ...form, name: 'Renamed item' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Renamed item', quantity: 2 });

    // The price and the fees the next buyer pays are the ones the first bought under.
    const repriced = await api.put(t, s.seller, lotPath(lot.id), {
      ...form,
      buyItNowPrice: 20_000,
      riggingCost: 5_000_000,
      riggingParty: 'buyer',
    });
    expect(codes(repriced)).toEqual(['LOT_LOCKED buyItNowPrice', 'LOT_LOCKED riggingCost', 'LOT_LOCKED riggingParty']);
    const next = await buy(t, s.buyer.id, lot.id);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, next.id));
    expect(stored).toMatchObject({ subtotal: 10_000, feesTotal: 0 });
  });
});

describe('a published lot’s changes are told to the people who follow it (decision 0064)', () => {
  const announce = () =>
    announceLotChanges({
      db: t.db,
      mailer: createOutboxMailer(t.db, pino({ level: 'silent' })),
      publicOrigin: 'https://lotline.test',
    });
  const notice = async (lotId: string) =>
    (await t.db.select().from(lotChangeNotices).where(eq(lotChangeNotices.lotId, lotId)))[0];
  /** The round of edits settled: its first change is older than the quiet period. */
  const settled = (lotId: string) =>
    t.db.execute(
      sql`update lot_change_notices set pending_since = now() - interval '3 minutes' where lot_id = ${lotId}`,
    );
  const mailsAbout = async (name: string) =>
    (
      await t.db
        .select({ to: mailOutbox.to, text: mailOutbox.text })
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `Lot % “${name}” has changed`))
        .orderBy(mailOutbox.createdAt, mailOutbox.id)
    ).map((m) => ({ to: m.to, text: m.text }));

  it('mails the bidder and the watchers once a round of edits settles, never the seller’s people, at most once an hour', async () => {
    const { lotId, form } = await publishedEvent();
    // What the draft's lot went through (created, a photo) is nobody's news.
    expect(await notice(lotId)).toBeUndefined();
    const watcher = await signUpUser(t, { name: 'Wes Watcher' });
    const quiet = await signUpUser(t, { name: 'Quinn Quiet' });
    await t.db.insert(lotBidders).values({
      lotId,
      userId: s.buyer.id,
      pseudonym: 1,
      maxAmount: 50_000,
      maxSetAt: new Date(),
      lastBidAmount: 50_000,
    });
    await t.db.insert(wishlists).values(
      [watcher, quiet, s.seller].map((u) => ({
        id: `wl_${randomUUID()}`,
        userId: u.id,
        documentType: 'event-lot' as const,
        documentId: lotId,
      })),
    );
    await t.db
      .insert(userVars)
      .values({ userId: quiet.id, key: 'notification_settings', value: { 'lot-changes': false } });

    // The same form again changes nothing, so there is nothing to tell.
    expect((await api.put(t, s.seller, lotPath(lotId), form)).statusCode).toBe(200);
    expect(await notice(lotId)).toBeUndefined();
    const name = 'Pump, with a new seal kit';
    expect((await api.put(t, s.seller, lotPath(lotId), { ...form, name })).statusCode).toBe(200);
    await addPhoto(t, s.seller, lotId);
    expect(await notice(lotId)).toMatchObject({ changes: ['description', 'photos'] });
    await announce();
    expect(await mailsAbout(name)).toEqual([]); // still settling

    await settled(lotId);
    await announce();
    const told = await mailsAbout(name);
    expect(told.map((m) => m.to).sort()).toEqual([s.buyer.email, watcher.email].sort());
    const bidders = told.find((m) => m.to === s.buyer.email)?.text;
    expect(bidders).toContain(
      `The seller changed the name or description and the photos of lot ${form.number} “${name}”`,
    );
    expect(bidders).toContain('You are told because you bid on it.');
    expect(told.find((m) => m.to === watcher.email)?.text).toContain('You are told because it is on your watchlist.');
    expect(await notice(lotId)).toMatchObject({ changes: [], pendingSince: null });

    // A document within the hour waits for the hour, then goes out alone.
    const uploadId = await uploadFile(t, s.seller.cookie, 'manual.pdf', pdfBytes(500));
    const attached = await api.post(t, s.seller, `${lotPath(lotId)}/documents`, {
      uploadId,
      description: 'Seal kit invoice',
      fileName: 'manual.pdf',
    });
    expect(attached.statusCode, attached.body).toBe(201);
    await settled(lotId);
    await announce();
    expect(await mailsAbout(name)).toHaveLength(2);
    await t.db.execute(
      sql`update lot_change_notices set announced_at = now() - interval '61 minutes' where lot_id = ${lotId}`,
    );
    await announce();
    const again = (await mailsAbout(name)).slice(2);
    expect(again).toHaveLength(2);
    expect(again[0]?.text).toContain(`The seller changed the documents of lot ${form.number}`);

    // While the lot closes within the hour, ten minutes apart is enough: bidders must hear before they decide.
    await t.db.update(eventLots).set({ endedAt: sql`now() + interval '30 minutes'` }).where(eq(eventLots.id, lotId));
    await addPhoto(t, s.seller, lotId);
    await settled(lotId);
    await t.db.execute(
      sql`update lot_change_notices set announced_at = now() - interval '11 minutes' where lot_id = ${lotId}`,
    );
    await announce();
    expect(await mailsAbout(name)).toHaveLength(6);
  });
});
