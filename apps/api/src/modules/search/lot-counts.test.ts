import {
  ENDING_DATES,
  type LotSearchParams,
  lotSearchQuerystring,
  SEARCH_SALE_FORMATS,
  SEARCH_STATUSES,
} from '@lotline/contracts';
import { brands, eventLots, events, lotSearch, productCategories } from '@lotline/db/schema';
import { seedDatabase } from '@lotline/db/seed';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { seededRandom } from '../../test/random';
import { expectCountTablesInStep } from './count-tables.fixtures';
import { countCommonTerms } from './counted-terms';
import { countLots, FACET_STATUSES, type LotCounts } from './lot-counts';
import { buildLotSearchConditions, type LotSearchFacet } from './lot-search-filter';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * A few hours after the clock of the count table starts (at migration, the
 * real time), so that the table is first read with a stale clock, then with
 * one just behind, at and ahead of the search's instants.
 */
const NOW = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 3 * HOUR);
const at = (ms: number) => new Date(NOW.getTime() + ms);

let t: TestApp;
let categorySlugs: string[];
let brandNames: string[];
/** Keywords of the random browses: counted terms (from the match-count table), and others that are counted directly. */
let keywords: string[];
/** Two points of the edge lots, and no point: geo browses around them read the point rows of the match-count table. */
const POINTS = [
  { lat: 29.76, lon: -95.37 },
  { lat: 41.88, lon: -87.63 },
  { lat: null, lon: null },
];
const EDGE_WORD = 'edgeword';

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db, { lots: 400, now: NOW });
  await addEdgeLots();
  // The three most frequent words, and the edge lots' own word, get their own counts (decision 0104).
  const frequent = await t.db.execute(sql`select term from search_terms order by frequency desc, term limit 3`);
  const counted = [...(frequent as unknown as { rows: { term: string }[] }).rows.map((r) => r.term), EDGE_WORD];
  for (const term of counted) await t.db.execute(sql`select lot_search_count_term(${term})`);
  keywords = [...counted, EDGE_WORD.slice(0, 4), `${counted[0]} ${EDGE_WORD}`, 'nosuchword'];
  categorySlugs = (await t.db.select({ slug: productCategories.slug }).from(productCategories)).map((r) => r.slug);
  brandNames = (await t.db.select({ n: brands.uniqueName }).from(brands)).map((r) => r.n);
}, 120_000);
afterAll(() => t.close());

/**
 * Lots whose times sit right around the instants a search compares with (now,
 * now + 2 days, now + 7 days), whose status disagrees with their start, or
 * whose quantity hides them until they end: the cases the keyed count table
 * has to correct.
 */
async function addEdgeLots() {
  const published = await t.make.event({ status: 'published' });
  const privateSale = await t.make.event({ status: 'published', privateSale: true });
  const draft = await t.make.event({ status: 'draft' });
  let made = 0;
  // Every other edge lot has the edge word in its name, and they sit at the two points and at none in turn.
  const lot = (overrides: Parameters<TestApp['make']['lot']>[0]) => {
    made++;
    const point = POINTS[made % POINTS.length];
    const name = made % 2 === 0 ? `Lathe ${EDGE_WORD}s ${made}` : `Lathe ${made}`;
    return t.make.lot({
      companyId: published.companyId,
      eventId: published.id,
      quantity: 1,
      name,
      ...point,
      ...overrides,
    });
  };
  for (const instant of [0, 2 * DAY, 7 * DAY]) {
    for (const offset of [-HOUR, -1000, 0, 1000, HOUR, 10 * HOUR, 20 * HOUR]) {
      for (const type of ['AuctionLot', 'TenderLot', 'BuyItNowItem'] as const) {
        await lot({ type, status: 'Active', startAt: at(-DAY), endedAt: at(instant + offset) });
        await lot({ type, status: 'Pending', startAt: at(HOUR), endedAt: at(instant + offset) });
      }
    }
  }
  await lot({ status: 'Active', startAt: at(HOUR), endedAt: at(3 * DAY) });
  await lot({ status: 'Active', startAt: at(10 * HOUR), endedAt: at(10 * HOUR + 1000) });
  await lot({ status: 'Pending', startAt: at(-HOUR), endedAt: at(DAY) });
  await lot({ status: 'Pending', startAt: null, endedAt: at(DAY) });
  await lot({ status: 'Active', startAt: null, endedAt: null, type: 'BuyItNowItem' });
  await lot({ status: 'Active', quantity: 0, startAt: at(-DAY), endedAt: at(2 * HOUR) });
  await lot({ status: 'Active', quantity: 0, startAt: at(-DAY), endedAt: at(-2 * HOUR) });
  await lot({ status: 'Sold', quantity: 0, startAt: at(-2 * DAY), endedAt: at(5 * HOUR) });
  await lot({ status: 'Unsold', startAt: at(-2 * DAY), endedAt: at(-1000) });
  await lot({ status: 'Active', eventId: null, startAt: at(-DAY), endedAt: at(DAY) });
  await lot({ status: 'Active', eventId: privateSale.id, startAt: at(-DAY), endedAt: at(DAY) });
  await lot({ status: 'Active', eventId: draft.id, type: 'BuyItNowItem', startAt: at(-DAY), endedAt: at(DAY) });
  await lot({ status: 'Pending', eventId: draft.id, type: 'BuyItNowItem', startAt: at(HOUR), endedAt: at(DAY) });
}

/** The same counts, straight from the projection, one query per number. */
async function reference(params: LotSearchParams, now: Date, allowPrivateSales: boolean): Promise<LotCounts> {
  const where = (p: LotSearchParams, exclude?: LotSearchFacet) =>
    and(...buildLotSearchConditions(p, { now, exclude, allowPrivateSales }));
  const grouped = async (column: AnyPgColumn, exclude: LotSearchFacet) => {
    const rows = await t.db
      .select({ key: column, n: count() })
      .from(lotSearch)
      .where(where(params, exclude))
      .groupBy(column);
    return new Map(rows.flatMap((r) => (typeof r.key === 'string' ? [[r.key, Number(r.n)] as [string, number]] : [])));
  };
  const total = async (p: LotSearchParams) =>
    Number((await t.db.select({ n: count() }).from(lotSearch).where(where(p)))[0]?.n ?? 0);
  return {
    total: await total(params),
    byCategory: await grouped(lotSearch.categoryId, 'productCategory'),
    byBrand: await grouped(lotSearch.brandUniqueName, 'manufacturer'),
    byType: await grouped(lotSearch.type, 'saleFormat'),
    byStatus: new Map(
      await Promise.all(FACET_STATUSES.map(async (s) => [s, await total({ ...params, status: s })] as const)),
    ),
  };
}

/** A random browse: each filter set or not, with values that exist. */
function randomParams(random: () => number): LotSearchParams {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const raw: Record<string, string> = {
    status: pick(SEARCH_STATUSES),
    'sale-format': pick(SEARCH_SALE_FORMATS),
    'ending-date': pick(ENDING_DATES),
  };
  if (random() < 0.4) raw['product-category'] = pick(categorySlugs);
  if (random() < 0.3) raw.manufacturer = [pick(brandNames), pick(brandNames)].join(',');
  // Keywords and geo filters, sometimes both (which no count table answers).
  if (random() < 0.35) raw.keyword = pick(keywords);
  if (random() < 0.3) {
    const point = pick(POINTS.slice(0, 2));
    raw['geo-lat'] = String((point.lat ?? 0) + (random() - 0.5));
    raw['geo-lon'] = String((point.lon ?? 0) + (random() - 0.5));
    raw['geo-distance'] = pick(['100mi', '500mi', '1000mi']);
  }
  return lotSearchQuerystring.parse(raw);
}

/** The instants to count at: on the edge lots' times and between them, over ten days. */
const INSTANTS = [0, 1000, -1000, HOUR, 5 * HOUR, 14 * HOUR + 59 * 60_000, -DAY, 2 * DAY + 1, 3 * DAY + 7, 9 * DAY].map(
  at,
);

async function expectSameCounts(seed: number, runs: number) {
  const random = seededRandom(seed).next;
  for (let i = 0; i < runs; i++) {
    const now = INSTANTS[i % INSTANTS.length] as Date;
    const params = randomParams(random);
    const allowPrivateSales = random() < 0.3;
    const label = JSON.stringify({ now, params, allowPrivateSales });
    const counted = await countLots(t.db, params, { now, allowPrivateSales, facets: true });
    expect(plain(counted), label).toEqual(plain(await reference(params, now, allowPrivateSales)));
    const totalOnly = await countLots(t.db, params, { now, allowPrivateSales, facets: false });
    expect(totalOnly.total, label).toBe(counted.total);
  }
}

/** Maps as objects with sorted keys, so a difference shows as the values that differ. */
function plain(counts: LotCounts) {
  const sorted = (map: Map<string, number>) => Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)));
  return {
    total: counts.total,
    byCategory: sorted(counts.byCategory),
    byBrand: sorted(counts.byBrand),
    byType: sorted(counts.byType),
    byStatus: sorted(counts.byStatus),
  };
}

const expectTableInStep = () => expectCountTablesInStep(t.db);

describe('lot counts (totals and facets from the keyed count table)', () => {
  it('the count table is the projection grouped by its keys', async () => {
    await expectTableInStep();
  });

  it('equal the projection counted directly, for random browses at instants around the lots’ times', async () => {
    await expectSameCounts(1, 60);
  }, 120_000);

  it('stay equal as the clock moves: just behind the search, on it, and past some of its instants', async () => {
    for (const clock of [at(-90_000), at(0), at(HOUR + 1), at(2 * DAY + 3 * HOUR)]) {
      await t.db.execute(sql`select lot_search_clock_advance(${clock})`);
      await expectTableInStep();
      await expectSameCounts(clock.getTime(), 20);
    }
    // It never moves back.
    await t.db.execute(sql`select lot_search_clock_advance(${at(-DAY)})`);
    const rows = (await t.db.execute(sql`select at from lot_search_clock`)) as unknown as { rows: { at: unknown }[] };
    expect(new Date(String(rows.rows[0]?.at)).getTime()).toBe(at(2 * DAY + 3 * HOUR).getTime());
  }, 120_000);

  it('count again when the clock moves between reading it and counting', async () => {
    const clockAt = async () => {
      const r = (await t.db.execute(sql`select at from lot_search_clock`)) as unknown as { rows: { at: unknown }[] };
      return new Date(String(r.rows[0]?.at)).getTime();
    };
    const start = await clockAt();
    const published = await t.make.event({ status: 'published' });
    for (const minutes of [10, 20, 40, 50]) {
      await t.make.lot({
        companyId: published.companyId,
        eventId: published.id,
        status: 'Active',
        quantity: 1,
        startAt: new Date(start - DAY),
        endedAt: new Date(start + minutes * 60_000),
      });
    }
    // A database whose first statement (the clock read) is followed by another process moving the clock.
    let moved = false;
    const racing = new Proxy(t.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          const result = await target.execute(query);
          if (!moved) {
            moved = true;
            await target.execute(sql`select lot_search_clock_advance(${new Date(start + 30 * 60_000)})`);
          }
          return result;
        };
      },
    });
    const now = new Date(start + HOUR);
    const params = lotSearchQuerystring.parse({ status: 'active' });
    const counted = await countLots(racing, params, { now, allowPrivateSales: false, facets: true });
    expect(moved).toBe(true);
    expect(plain(counted)).toEqual(plain(await reference(params, now, false)));
  });

  it('stay equal after lots and events change, move and go', async () => {
    const ids = (await t.db.select({ id: eventLots.id }).from(eventLots).orderBy(eventLots.id)).map((r) => r.id);
    const every = (n: number, from = 0) => ids.filter((_, i) => i % n === from);
    await t.db
      .update(eventLots)
      .set({ status: 'Sold' })
      .where(inArray(eventLots.id, every(7)));
    await t.db
      .update(eventLots)
      .set({ status: 'Active', startAt: at(2 * HOUR) })
      .where(inArray(eventLots.id, every(11, 3)));
    await t.db
      .update(eventLots)
      .set({ hiddenFromMarketplace: true })
      .where(inArray(eventLots.id, every(13, 1)));
    await t.db
      .update(eventLots)
      .set({ quantity: 0 })
      .where(inArray(eventLots.id, every(17, 2)));
    await t.db
      .update(eventLots)
      .set({ endedAt: at(30 * 60_000) })
      .where(inArray(eventLots.id, every(19, 4)));
    const [category] = await t.db.select().from(productCategories).limit(1);
    if (category) {
      await t.db
        .update(eventLots)
        .set({ productCategoryId: category.id })
        .where(inArray(eventLots.id, every(23, 5)));
    }
    const [event] = await t.db.select().from(events).where(eq(events.status, 'published')).limit(1);
    if (event) await t.db.update(events).set({ privateSale: true, status: 'finalized' }).where(eq(events.id, event.id));
    // Names gain or lose a counted word, lots move to another point or lose theirs, lots are withdrawn.
    await t.db
      .update(eventLots)
      .set({ name: `Renamed ${EDGE_WORD}` })
      .where(inArray(eventLots.id, every(5, 1)));
    await t.db
      .update(eventLots)
      .set({ name: 'Renamed plain' })
      .where(inArray(eventLots.id, every(6, 2)));
    await t.db
      .update(eventLots)
      .set({ lat: 41.88, lon: -87.63 })
      .where(inArray(eventLots.id, every(8, 3)));
    await t.db
      .update(eventLots)
      .set({ lat: null, lon: null })
      .where(inArray(eventLots.id, every(9, 4)));
    await t.db
      .update(eventLots)
      .set({ status: 'Unsold', quantity: 0 })
      .where(inArray(eventLots.id, every(10, 5)));
    await t.db.delete(eventLots).where(inArray(eventLots.id, every(29, 6)));
    await expectTableInStep();
    await expectSameCounts(2, 40);
  }, 120_000);

  it('read the match-count table for a counted keyword and for a geo filter (a row there changes the count)', async () => {
    // After every clock move of the tests above, so that the row below reads as started.
    const now = at(9 * DAY);
    const active = (extra: Record<string, string>) => lotSearchQuerystring.parse({ status: 'active', ...extra });
    const searches = [
      { params: active({ keyword: EDGE_WORD }), key: sql`${EDGE_WORD}, null::float8, null::float8` },
      {
        params: active({ 'geo-lat': '29.76', 'geo-lon': '-95.37', 'geo-distance': '100mi' }),
        key: sql`null, 29.76::float8, -95.37::float8`,
      },
    ];
    for (const { params, key } of searches) {
      const before = await countLots(t.db, params, { now, facets: false });
      expect(before.total).toBe((await reference(params, now, false)).total);
      // Seven open-ended, started lots that exist only in the match-count table.
      const extra = sql`insert into lot_search_match_counts values (${key}, null, null, 'AuctionLot', 'Active',
        false, false, 'published', 1, null, 0, 7)`;
      await t.db.execute(extra);
      const after = await countLots(t.db, params, { now, facets: false });
      await t.db.execute(sql`delete from lot_search_match_counts where n = 7 and category_id is null
        and brand_unique_name is null and ended_class is null`);
      expect(after.total).toBe(before.total + 7);
    }
  });

  it('start counting a term once, with its lots so far, and only for words of letters', async () => {
    const added = await t.db.execute(sql`select lot_search_count_term(${EDGE_WORD}) as added`);
    expect((added as unknown as { rows: { added: boolean }[] }).rows[0]?.added).toBe(false);
    await expect(t.db.execute(sql`select lot_search_count_term('Two words')`)).rejects.toThrow();
    // The common-term job adds the most frequent terms not yet counted, in that order, and the tables stay exact.
    const expected = await t.db.execute(sql`select term from search_terms s
      where frequency >= 2 and not exists (select 1 from lot_search_counted_terms c where c.term = s.term)
      order by frequency desc, term limit 4`);
    const terms = (expected as unknown as { rows: { term: string }[] }).rows.map((r) => r.term);
    expect(terms.length).toBe(4);
    expect(await countCommonTerms(t.db, { share: 0, minLots: 2, upTo: 4 })).toEqual(terms);
    await expectTableInStep();
    keywords = [...keywords, ...terms];
    await expectSameCounts(3, 30);
  }, 120_000);
});
