import { lotFallbackResponse, successEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expect400, getData, hoursFromNow, makeCategoryTree, uniqueWord } from './facets.fixtures';

const PATH = '/marketplace/api/search/lots/fallback';
const envelope = successEnvelope(lotFallbackResponse);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fallback = (app: TestApp, params: Record<string, unknown>) => getData(app, PATH, params, envelope);
const ids = (data: { lots: { _id: string }[] }) => data.lots.map((l) => l._id);
const ended = (hours: number) => ({ startAt: hoursFromNow(hours - 10), endedAt: hoursFromNow(hours) });

describe('GET search/lots/fallback', () => {
  it('past: sold lots of the same search, unsold excluded, most recently ended first', async () => {
    const word = uniqueWord();
    const { root, child, other } = await makeCategoryTree(t);
    const sold = await t.make.lot({ name: `${word} press`, status: 'Sold', productCategoryId: child.id, ...ended(-5) });
    const paid = await t.make.lot({
      name: `${word} lathe`,
      status: 'OrderPaid',
      productCategoryId: root.id,
      ...ended(-1),
    });
    await t.make.lot({ name: `${word} mill`, status: 'Unsold', productCategoryId: root.id, ...ended(-2) });
    await t.make.lot({ name: `${word} saw`, status: 'Sold', productCategoryId: other.id, ...ended(-3) });
    await t.make.lot({ name: `${word} hidden`, status: 'Sold', hiddenFromMarketplace: true, ...ended(-1) });

    const data = await fallback(t, { keyword: word, 'product-category': root.slug, status: 'active' });
    expect(data.kind).toBe('past');
    expect(ids(data)).toEqual([paid.id, sold.id]);
    expect(data.lots[0]?._source).toMatchObject({
      _id: paid.id,
      status: 'OrderPaid',
      productCategory: { _id: root.id },
    });
  });

  it('past: corrects a mistyped keyword as the lot search does', async () => {
    const word = uniqueWord();
    const sold = await t.make.lot({ name: `${word}ing dredger`, status: 'Sold', ...ended(-1) });
    // One letter off a known (but unique) word; the prefix rule does not apply to a non-final word.
    const typo = `${word}ong dredger`;
    const data = await fallback(t, { keyword: typo });
    expect(data).toMatchObject({ kind: 'past' });
    expect(ids(data)).toEqual([sold.id]);
  });

  it('past: honours the other filters (sale format)', async () => {
    const word = uniqueWord();
    await t.make.lot({ name: `${word} a`, status: 'Sold', type: 'AuctionLot', ...ended(-1) });
    const tender = await t.make.lot({ name: `${word} t`, status: 'Sold', type: 'TenderLot', ...ended(-2) });
    expect(ids(await fallback(t, { keyword: word, 'sale-format': 'tender' }))).toEqual([tender.id]);
  });

  it('popular: open lots whatever the search when nothing was sold, most bids first', async () => {
    // Digits only: typo correction leaves it alone, and no lot name has it.
    const word = '97531';
    const hot = await t.make.lot({ name: 'Hot press', bidsCount: 10_000, endedAt: hoursFromNow(5) });
    const warm = await t.make.lot({ name: 'Warm press', bidsCount: 9_000, endedAt: hoursFromNow(5) });
    await t.make.lot({ name: 'Closed', bidsCount: 50_000, status: 'Sold', ...ended(-1) });
    await t.make.lot({ name: 'Hidden', bidsCount: 50_000, hiddenFromMarketplace: true });
    const privateSale = await t.make.event({ privateSale: true });
    await t.make.lot({ name: 'Private', bidsCount: 50_000, eventId: privateSale.id });

    const data = await fallback(t, { keyword: word });
    expect(data.kind).toBe('popular');
    expect(ids(data).slice(0, 2)).toEqual([hot.id, warm.id]);
    expect(data.lots.length).toBeLessThanOrEqual(12);
  });

  it('none: nothing sold and nothing open', async () => {
    const empty = await createTestApp();
    try {
      await empty.make.lot({ name: 'Unsold only', status: 'Unsold', ...ended(-1) });
      expect(await fallback(empty, { keyword: 'anything' })).toEqual({ kind: 'none', lots: [] });
    } finally {
      await empty.close();
    }
  });

  it('rejects bad parameters and an unknown category', async () => {
    await expect400(t, PATH, { 'product-category': 'no-such-slug' });
    await expect400(t, PATH, { 'sale-format': 'lease' });
    await expect400(t, PATH, { limit: 5 });
  });
});
