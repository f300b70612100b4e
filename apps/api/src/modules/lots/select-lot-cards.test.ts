import { lotCard } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { eventLots } from '@lotline/db/schema';
import { createTestDatabase } from '@lotline/db/testing';
import { asc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../test/factories';
import { selectLotCards } from './select-lot-cards';

/** The one read behind every answer of lot cards, by ids or by condition. */
let db: Database;
let make: Factories;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  make = factories(db);
  cleanup = database.cleanup;
});
afterAll(() => cleanup());

const idsOf = (cards: { _id: string }[]) => cards.map((c) => c._id);

describe('selectLotCards by ids', () => {
  it('answers in the order given, each lot once, unknown ids left out', async () => {
    const [a, b, c] = [await make.lot(), await make.lot(), await make.lot()];
    const cards = await selectLotCards(db, { ids: [c.id, 'lot_unknown', a.id, c.id, b.id] });
    expect(idsOf(cards)).toEqual([c.id, a.id, b.id]);
  });

  it('leaves out ids that do not match `where`, then keeps at most `limit`', async () => {
    const [a, b, c, d] = [
      await make.lot({ quantity: 2 }),
      await make.lot({ quantity: 1 }),
      await make.lot({ quantity: 2 }),
      await make.lot({ quantity: 2 }),
    ];
    const ids = [d.id, b.id, a.id, c.id];
    expect(idsOf(await selectLotCards(db, { ids, where: ne(eventLots.quantity, 1) }))).toEqual([d.id, a.id, c.id]);
    expect(idsOf(await selectLotCards(db, { ids, where: ne(eventLots.quantity, 1), limit: 2 }))).toEqual([d.id, a.id]);
  });

  it('answers nothing for no ids', async () => {
    expect(await selectLotCards(db, { ids: [] })).toEqual([]);
  });
});

describe('selectLotCards by condition', () => {
  it('answers the lots matching `where` in `orderBy` order, a window of `limit` from `offset`', async () => {
    const company = await make.company();
    const lots = [];
    for (const sequence of [3, 1, 4, 2]) lots.push(await make.lot({ companyId: company.id, sequence }));
    const query = { where: eq(eventLots.companyId, company.id), orderBy: [asc(eventLots.sequence)] };
    const bySequence = [...lots].sort((x, y) => x.sequence - y.sequence).map((l) => l.id);
    expect(idsOf(await selectLotCards(db, { ...query, limit: 10 }))).toEqual(bySequence);
    expect(idsOf(await selectLotCards(db, { ...query, limit: 2 }))).toEqual(bySequence.slice(0, 2));
    expect(idsOf(await selectLotCards(db, { ...query, limit: 2, offset: 2 }))).toEqual(bySequence.slice(2));
  });
});

describe('the card', () => {
  it("is the contract's LotCard, with the seller, event and photos in display order", async () => {
    const event = await make.event();
    const location = await make.location();
    const lot = await make.lot({
      companyId: event.companyId,
      eventId: event.id,
      dispositionLocationId: location.id,
    });
    const second = await make.photo(lot.id, 1);
    const first = await make.photo(lot.id, 0);
    const bare = await make.lot();

    const byIds = await selectLotCards(db, { ids: [lot.id, bare.id] });
    const byWhere = await selectLotCards(db, {
      where: inArray(eventLots.id, [lot.id, bare.id]),
      orderBy: [asc(eventLots.id)],
      limit: 2,
    });
    for (const card of [...byIds, ...byWhere]) expect(lotCard.parse(card)).toEqual(card);
    const [card] = byIds;
    expect(card?._source).toMatchObject({
      _id: lot.id,
      company: { _id: event.companyId },
      event: { _id: event.id, name: event.name, status: event.status, privateSale: false },
      dispositionLocation: { city: location.city, region: location.region, country: location.country },
      geoCoordinates: { lat: location.lat, lon: location.lon },
    });
    expect(card?._source.centralFileLinks.map((l) => l._id)).toEqual([first.id, second.id]);
    expect(byIds[1]?._source).toMatchObject({ _id: bare.id, event: null, centralFileLinks: [] });
    expect(byWhere.find((c) => c._id === lot.id)).toEqual(card);
  });
});
