import { lotCard } from '@lotline/contracts';
import { eventLots } from '@lotline/db/schema';
import { asc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { selectLotCards } from './select-lot-cards';

/** The one read behind every answer of lot cards, by ids or by condition. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idsOf = (cards: { _id: string }[]) => cards.map((c) => c._id);

describe('selectLotCards by ids', () => {
  it('answers in the order given, each lot once, unknown ids left out', async () => {
    const [a, b, c] = [await t.make.lot(), await t.make.lot(), await t.make.lot()];
    const cards = await selectLotCards(t.db, { ids: [c.id, 'lot_unknown', a.id, c.id, b.id] }, {});
    expect(idsOf(cards)).toEqual([c.id, a.id, b.id]);
  });

  it('leaves out ids that do not match `where`, then keeps at most `limit`', async () => {
    const [a, b, c, d] = [
      await t.make.lot({ quantity: 2 }),
      await t.make.lot({ quantity: 1 }),
      await t.make.lot({ quantity: 2 }),
      await t.make.lot({ quantity: 2 }),
    ];
    const ids = [d.id, b.id, a.id, c.id];
    expect(idsOf(await selectLotCards(t.db, { ids, where: ne(eventLots.quantity, 1) }, {}))).toEqual([
      d.id,
      a.id,
      c.id,
    ]);
    expect(idsOf(await selectLotCards(t.db, { ids, where: ne(eventLots.quantity, 1), limit: 2 }, {}))).toEqual([
      d.id,
      a.id,
    ]);
  });

  it('answers nothing for no ids', async () => {
    expect(await selectLotCards(t.db, { ids: [] }, {})).toEqual([]);
  });
});

describe('selectLotCards by condition', () => {
  it('answers the lots matching `where` in `orderBy` order, a window of `limit` from `offset`', async () => {
    const company = await t.make.company();
    const lots = [];
    for (const sequence of [3, 1, 4, 2]) lots.push(await t.make.lot({ companyId: company.id, sequence }));
    const query = { where: eq(eventLots.companyId, company.id), orderBy: [asc(eventLots.sequence)] };
    const bySequence = [...lots].sort((x, y) => x.sequence - y.sequence).map((l) => l.id);
    expect(idsOf(await selectLotCards(t.db, { ...query, limit: 10 }, {}))).toEqual(bySequence);
    expect(idsOf(await selectLotCards(t.db, { ...query, limit: 2 }, {}))).toEqual(bySequence.slice(0, 2));
    expect(idsOf(await selectLotCards(t.db, { ...query, limit: 2, offset: 2 }, {}))).toEqual(bySequence.slice(2));
  });
});

describe('the card', () => {
  it("is the contract's LotCard, with the seller, event and photos in display order", async () => {
    const event = await t.make.event();
    const location = await t.make.location();
    const lot = await t.make.lot({
      companyId: event.companyId,
      eventId: event.id,
      dispositionLocationId: location.id,
    });
    const second = await t.make.photo(lot.id, 1);
    const first = await t.make.photo(lot.id, 0);
    const bare = await t.make.lot();

    const byIds = await selectLotCards(t.db, { ids: [lot.id, bare.id] }, {});
    const byWhere = await selectLotCards(
      t.db,
      {
        where: inArray(eventLots.id, [lot.id, bare.id]),
        orderBy: [asc(eventLots.id)],
        limit: 2,
      },
      {},
    );
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
