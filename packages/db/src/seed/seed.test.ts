import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_LOT_STATUSES, EVENT_STATUSES, FEATURE_FLAGS, LOT_TYPES } from '@lotline/contracts';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../schema/index';
import { createTestDatabase } from '../testing';
import { isDatabaseEmpty, SeedError, type SeedSummary, seedDatabase } from './index';
import { PHOTO_KINDS, photoKindForCategory } from './photos';

const NOW = new Date('2025-03-10T15:00:00Z');
const HOUR = 3_600_000;
const LOTS = 500;

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let filesDir: string;
let summary: SeedSummary;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'lotline-seed-'));
  handle = await createTestDatabase();
  summary = await seedDatabase(handle.db, { lots: LOTS, now: NOW, seed: 7, filesDir });
});

afterAll(async () => {
  await handle?.cleanup();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const all = async () => {
  const { db } = handle;
  return {
    categories: await db.select().from(t.productCategories),
    companies: await db.select().from(t.companies),
    events: await db.select().from(t.events),
    locations: await db.select().from(t.dispositionLocations),
    lots: await db.select().from(t.eventLots),
    photos: await db.select().from(t.lotPhotos).orderBy(asc(t.lotPhotos.lotId), asc(t.lotPhotos.position)),
  };
};

describe('seedDatabase', () => {
  it('fills every table with the expected amounts', async () => {
    const c = summary.counts;
    expect(c.eventLots).toBe(LOTS);
    expect(c.productCategories).toBeGreaterThanOrEqual(40);
    expect(c.brands).toBeGreaterThanOrEqual(60);
    expect(c.companies).toBe(30);
    expect(c.events).toBe(60);
    expect(c.catalogProducts).toBeGreaterThanOrEqual(140);
    expect(c.legacyLots).toBe(200);
    expect(c.legacyLotBids).toBeGreaterThan(200);
    expect(c.lotPhotos).toBeGreaterThan(LOTS * 2);
    expect(c.featureFlags).toBe(FEATURE_FLAGS.length);
    expect(c.cmsSections).toBe(5);
    expect(c.users).toBe(18);
    expect(c.accounts).toBe(18);
    expect(c.userVars).toBe(18);
    expect(c.companyMembers).toBe(6);
    // buyer@ and bidder1@ … bidder4@ (seed-auctions.test.ts checks the bidders).
    expect(c.addresses).toBe(30);
    expect(c.sandboxCards).toBe(15);
    expect(c.paymentMethods).toBe(15);
    expect(c.eventTerms).toBeGreaterThanOrEqual(60);
    expect(c.dispositionLocations).toBeGreaterThanOrEqual(60);
    const lots = await handle.db.select({ id: t.eventLots.id }).from(t.eventLots);
    expect(lots).toHaveLength(LOTS);
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it('creates the demo accounts: one per kind of person, a seller user per featured seller', async () => {
    const { db } = handle;
    const users = await db.select().from(t.users).orderBy(asc(t.users.email));
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get('buyer@example.com')).toMatchObject({ verified: true, emailVerified: true, roles: [] });
    expect(byEmail.get('unverified@example.com')).toMatchObject({ verified: false, emailVerified: false });
    expect(byEmail.get('reseller@example.com')).toMatchObject({ verified: false, emailVerified: true });
    expect(byEmail.get('staff@example.com')?.roles).toEqual(['staff', 'admin']);
    // Staff are made as `npm run create-staff` makes them: activated, no bidder steps, so not verified.
    expect(byEmail.get('staff@example.com')).toMatchObject({ verified: false, emailVerified: true });
    // The flag holds by the rules (spec §4) for everyone marked verified: activation, both addresses, a card.
    const addressTypes = (await db.select().from(t.addresses)).map((a) => `${a.userId}:${a.type}`);
    const carded = new Set((await db.select().from(t.paymentMethods)).map((p) => p.userId));
    for (const u of users.filter((x) => x.verified)) {
      expect([u.email, u.emailVerified, carded.has(u.id)]).toEqual([u.email, true, true]);
      expect(addressTypes).toEqual(expect.arrayContaining([`${u.id}:billing`, `${u.id}:shipping`]));
    }
    const featured = (await db.select().from(t.companies)).filter((c) => c.featured);
    const members = await db.select().from(t.companyMembers);
    expect(members.map((m) => m.companyId).sort()).toEqual(featured.map((c) => c.id).sort());
    for (const company of featured) {
      const seller = byEmail.get(`seller-${company.slug}@example.com`);
      expect(seller?.roles).toEqual(['seller']);
      expect(members).toContainEqual(
        expect.objectContaining({ companyId: company.id, userId: seller?.id, role: 'owner' }),
      );
    }
    const vars = await db.select().from(t.userVars);
    expect(vars.find((v) => v.userId === byEmail.get('reseller@example.com')?.id)?.value).toBe('Reseller');
    // The verified bidder has what spec §4 asks for: a billing and a shipping address and a (default) card.
    const buyerId = byEmail.get('buyer@example.com')?.id;
    const buyerAddresses = (await db.select().from(t.addresses)).filter((a) => a.userId === buyerId);
    expect(buyerAddresses.map((a) => a.type).sort()).toEqual(['billing', 'shipping']);
    const cards = (await db.select().from(t.paymentMethods)).filter((c) => c.userId === buyerId);
    expect(cards).toEqual([
      expect.objectContaining({ userId: buyerId, provider: 'sandbox', brand: 'visa', last4: '4242', isDefault: true }),
    ]);
    const vaulted = await db.select().from(t.sandboxCards);
    expect(vaulted.map((v) => v.id)).toContain(cards[0]?.providerPaymentMethodId);
    const credentials = await db.select().from(t.accounts);
    expect(credentials.every((a) => a.providerId === 'credential' && a.password?.startsWith('$argon2id$'))).toBe(true);
  });

  it('builds a 3-level category tree with consistent pathIds and photo-kind top levels', async () => {
    const { categories } = await all();
    const byId = new Map(categories.map((c) => [c.id, c]));
    for (const c of categories) {
      const parent = c.parentId ? byId.get(c.parentId) : undefined;
      expect(c.pathId).toBe(`${parent?.pathId ?? '/'}${c.id}/`);
      expect(c.depth).toBe(parent ? parent.depth + 1 : 0);
      expect(c.imgFilename).toMatch(/\.svg$/);
    }
    expect(new Set(categories.map((c) => c.depth))).toEqual(new Set([0, 1, 2]));
    const tops = categories.filter((c) => c.depth === 0).map((c) => c.slug);
    expect(tops.sort()).toEqual([...PHOTO_KINDS].sort());
    for (const slug of tops) expect(photoKindForCategory(slug)).toBe(slug);
    expect(categories.filter((c) => c.status === 'inactive').length).toBeGreaterThanOrEqual(2);
    expect(categories.filter((c) => c.type === 'market-intelligence')).toHaveLength(1);
  });

  it('covers every lot type, status, event status and timing the marketplace shows', async () => {
    const { events, lots, locations } = await all();
    const now = NOW.getTime();
    expect(new Set(lots.map((l) => l.type))).toEqual(new Set(LOT_TYPES));
    // Every status but an order's: a lot takes one only from an order, which the demo makes after seeding.
    const orderStatuses = ['OrderPending', 'OrderPaid', 'OrderCancelled'];
    expect(new Set(lots.map((l) => l.status))).toEqual(
      new Set(EVENT_LOT_STATUSES.filter((s) => !orderStatuses.includes(s))),
    );
    // A sold buy-now item is sold out; a tender is not a bid.
    expect(lots.filter((l) => l.type === 'BuyItNowItem' && l.status === 'Sold' && l.quantity !== 0)).toEqual([]);
    expect(lots.filter((l) => l.type === 'TenderLot' && l.bidsCount !== 0)).toEqual([]);
    expect(new Set(events.map((e) => e.status))).toEqual(new Set(EVENT_STATUSES));
    expect(new Set(events.map((e) => e.saleFormat))).toEqual(new Set(['auction', 'buy-now', 'tender']));
    const eventById = new Map(events.map((e) => [e.id, e]));

    const privateIds = new Set(events.filter((e) => e.privateSale).map((e) => e.id));
    expect(privateIds.size).toBeGreaterThanOrEqual(4);
    expect(lots.some((l) => l.eventId && privateIds.has(l.eventId))).toBe(true);
    const past = events.filter((e) => e.endAt.getTime() < now);
    expect(past.length).toBeGreaterThanOrEqual(12);
    expect(past.filter((e) => e.status === 'finalized').length).toBeGreaterThanOrEqual(10);

    const ends = (l: (typeof lots)[number]) => l.endedAt?.getTime() ?? 0;
    const active = lots.filter((l) => l.status === 'Active');
    expect(active.every((l) => ends(l) > now)).toBe(true);
    expect(active.filter((l) => ends(l) <= now + 48 * HOUR).length).toBeGreaterThanOrEqual(20);
    expect(active.filter((l) => ends(l) > now + 48 * HOUR && ends(l) <= now + 168 * HOUR).length).toBeGreaterThan(10);
    const upcoming = lots.filter((l) => l.status === 'Pending');
    expect(upcoming.length).toBeGreaterThan(10);
    expect(upcoming.every((l) => (l.startAt?.getTime() ?? 0) > now)).toBe(true);
    const closed = lots.filter((l) => !['Active', 'Pending'].includes(l.status));
    expect(closed.every((l) => ends(l) <= now)).toBe(true);

    const buyNow = lots.filter((l) => l.type === 'BuyItNowItem');
    expect(buyNow.some((l) => l.bestOfferEnabled)).toBe(true);
    expect(buyNow.some((l) => !l.bestOfferEnabled)).toBe(true);
    expect(buyNow.every((l) => l.allInPrice === null)).toBe(true);
    const standalone = lots.filter((l) => l.eventId === null);
    expect(standalone.length).toBeGreaterThanOrEqual(10);
    expect(standalone.every((l) => l.type === 'BuyItNowItem' && l.dispositionLocationId === null)).toBe(true);
    expect(lots.some((l) => l.hiddenFromMarketplace)).toBe(true);
    expect(lots.some((l) => l.quantity === 0)).toBe(true);
    expect(new Set(locations.map((l) => l.country))).toEqual(new Set(['US', 'CA']));

    const formatType = { auction: 'AuctionLot', 'buy-now': 'BuyItNowItem', tender: 'TenderLot' } as const;
    const locationEvent = new Map(locations.map((l) => [l.id, l.eventId]));
    for (const lot of lots.filter((l) => l.eventId)) {
      const event = eventById.get(lot.eventId ?? '');
      expect(lot.type).toBe(formatType[event?.saleFormat ?? 'auction']);
      expect(locationEvent.get(lot.dispositionLocationId ?? '')).toBe(lot.eventId);
    }
    const numbers = lots.map((l) => `${l.eventId}|${l.number}`);
    expect(new Set(numbers).size).toBe(numbers.length);
    const created = lots.map((l) => l.createdAt.getTime());
    expect(Math.min(...created)).toBeGreaterThanOrEqual(now - 90 * 24 * HOUR);
    expect(Math.max(...created)).toBeLessThanOrEqual(now);
  });

  it('stores money as integer minor units with consistent bids', async () => {
    const { lots, events } = await all();
    const money = [
      'currentBidAmount',
      'startingBid',
      'reserveBid',
      'buyItNowPrice',
      'allInPrice',
      'riggingCost',
      'loadingCost',
      'forcedLiquidationValue',
      'orderlyLiquidationValue',
      'grossBookValue',
      'netBookValue',
      'transferValue',
    ] as const;
    for (const lot of lots) {
      for (const key of money) {
        const value = lot[key];
        if (value !== null) expect(Number.isInteger(value) && value > 0, `${key} of ${lot.id}: ${value}`).toBe(true);
      }
      if (lot.type === 'BuyItNowItem') expect(lot.buyItNowPrice).not.toBeNull();
      if (lot.bidsCount > 0 && lot.type === 'AuctionLot') expect(lot.currentBidAmount).not.toBeNull();
      if (lot.type === 'AuctionLot' && lot.status === 'Sold') expect(lot.bidsCount).toBeGreaterThan(0);
    }
    // Past auction lots keep a price; open ones have none until the engine's demo bids (seed-auctions.test.ts).
    expect(lots.some((l) => l.type === 'AuctionLot' && l.status === 'Sold' && l.currentBidAmount !== null)).toBe(true);
    for (const e of events) if (e.bidDepositAmount !== null) expect(Number.isInteger(e.bidDepositAmount)).toBe(true);
    expect(new Set(lots.map((l) => l.currency))).toEqual(new Set(['USD', 'CAD']));
  });

  it('links photos, logos and attachments to files that exist', async () => {
    const { lots, photos, categories, companies } = await all();
    const catById = new Map(categories.map((c) => [c.id, c]));
    const topSlug = (id: string | null) => {
      const first = catById.get(id ?? '')?.pathId.split('/')[1];
      return catById.get(first ?? '')?.slug ?? '';
    };
    const lotById = new Map(lots.map((l) => [l.id, l]));
    const byLot = new Map<string, typeof photos>();
    for (const p of photos) byLot.set(p.lotId, [...(byLot.get(p.lotId) ?? []), p]);
    expect(byLot.size).toBeLessThan(lots.length); // a few lots have no photo
    for (const [lotId, list] of byLot) {
      expect(list.length).toBeLessThanOrEqual(6);
      list.forEach((p, i) => {
        expect(p.position).toBe(i);
        expect(p.previousId).toBe(i === 0 ? null : list[i - 1]?.id);
        expect(p.url).toMatch(/^\/files\/demo-photos\//);
        expect(existsSync(join(filesDir, p.url.replace('/files/', '')))).toBe(true);
        expect(p.url).toContain(`/${topSlug(lotById.get(lotId)?.productCategoryId ?? null)}-`);
        // The pallet view's tag carries this lot's own number.
        if (/-4(-lot-.*)?\.svg$/.test(p.url)) {
          const number = String(lotById.get(lotId)?.number);
          expect(p.url).toMatch(/-4-lot-[A-Za-z0-9_-]+\.svg$/);
          expect(readFileSync(join(filesDir, p.url.replace('/files/', '')), 'utf8')).toContain(`>LOT ${number}<`);
        }
      });
    }
    for (const c of companies) expect(existsSync(join(filesDir, (c.logoUrl ?? '').replace('/files/', '')))).toBe(true);
    const attachments = await handle.db.select().from(t.eventAttachments);
    const extensions = new Set(attachments.map((a) => a.url.split('.').pop()));
    expect(extensions).toEqual(new Set(['pdf', 'xlsx', 'docx', 'csv', 'jpg', 'png']));
    for (const a of attachments) expect(existsSync(join(filesDir, a.url.replace('/files/', '')))).toBe(true);
  });

  it('features six sellers and fills the CMS sections with real ids', async () => {
    const { companies, lots } = await all();
    const featured = companies
      .filter((c) => c.featured)
      .sort((a, b) => (a.featuredOrder ?? 0) - (b.featuredOrder ?? 0));
    expect(featured.map((c) => c.featuredOrder)).toEqual([1, 2, 3, 4, 5, 6]);
    const sections = await handle.db.select().from(t.cmsSections).orderBy(asc(t.cmsSections.position));
    expect(sections.map((s) => s.type)).toEqual(['featured-sellers', 'popular', 'sold', 'catalog', 'trending']);
    expect(sections[0]?.config.companyIds).toEqual(featured.map((c) => c.id));
    const lotIds = new Set(lots.map((l) => l.id));
    for (const s of sections.filter((x) => x.config.lotIds)) {
      expect(s.config.lotIds?.length).toBeGreaterThan(0);
      for (const id of s.config.lotIds ?? []) expect(lotIds.has(id)).toBe(true);
    }
    expect(sections[3]?.config.catalogProductIds?.length).toBeGreaterThan(0);
    const flags = await handle.db.select().from(t.featureFlags);
    expect(flags.map((f) => f.key).sort()).toEqual([...FEATURE_FLAGS].sort());
  });

  // The browser tests assert these cases instead of skipping when the demo data lacks them (decision 0034).
  it('makes the cases the browser tests need: managed shipping on the first page, a seller page of several pages', async () => {
    const { companies, events, lots } = await all();
    const publicEvents = new Set(events.filter((e) => !e.privateSale && e.status !== 'draft').map((e) => e.id));
    const active = lots
      .filter((l) => l.status === 'Active' && !l.hiddenFromMarketplace && (!l.eventId || publicEvents.has(l.eventId)))
      .sort((a, b) => (a.endedAt?.getTime() ?? 0) - (b.endedAt?.getTime() ?? 0));
    const firstPage = active.slice(0, 30);
    expect(firstPage.some((l) => l.managedShipping)).toBe(true);
    expect(firstPage.some((l) => !l.managedShipping)).toBe(true);
    for (const event of events.filter(
      (e) => e.endAt.getTime() > NOW.getTime() && e.startAt.getTime() <= NOW.getTime(),
    )) {
      const first = lots.filter((l) => l.eventId === event.id && l.status === 'Active' && l.sequence <= 2);
      for (const lot of first) expect([lot.sequence, lot.managedShipping]).toEqual([lot.sequence, lot.sequence === 1]);
    }
    const featured = new Set(companies.filter((c) => c.featured).map((c) => c.id));
    const activeBySeller = new Map<string, number>();
    for (const l of active)
      if (featured.has(l.companyId)) activeBySeller.set(l.companyId, (activeBySeller.get(l.companyId) ?? 0) + 1);
    expect(Math.max(...activeBySeller.values())).toBeGreaterThan(15);
    expect(events.some((e) => e.endAt.getTime() < NOW.getTime() && lots.some((l) => l.eventId === e.id))).toBe(true);
  });

  it('refuses to seed a database that is not empty', async () => {
    await expect(seedDatabase(handle.db, { lots: 5, now: NOW })).rejects.toBeInstanceOf(SeedError);
  });

  it('is deterministic: the same seed and now give identical rows', async () => {
    const other = await createTestDatabase();
    try {
      await seedDatabase(other.db, { lots: LOTS, now: NOW, seed: 7 });
      const pick = (db: typeof handle.db) =>
        db
          .select({
            id: t.eventLots.id,
            name: t.eventLots.name,
            status: t.eventLots.status,
            bid: t.eventLots.currentBidAmount,
            price: t.eventLots.buyItNowPrice,
            endedAt: t.eventLots.endedAt,
          })
          .from(t.eventLots)
          .orderBy(asc(t.eventLots.id));
      expect(await pick(other.db)).toEqual(await pick(handle.db));
      const photoUrls = (db: typeof handle.db) => db.select().from(t.lotPhotos).orderBy(asc(t.lotPhotos.id));
      expect(await photoUrls(other.db)).toEqual(await photoUrls(handle.db));
    } finally {
      await other.cleanup();
    }
  });
});
