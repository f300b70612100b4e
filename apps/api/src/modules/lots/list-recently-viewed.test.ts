import { errorEnvelope, recentlyViewedResponse, successEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { uniqueId } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/marketplace/api/lots/recently-viewed';

async function viewed(ids: string) {
  const res = await t.app.inject({ method: 'GET', url: url(PATH, { ids }) });
  expect(res.statusCode, res.body).toBe(200);
  return successEnvelope(recentlyViewedResponse).parse(res.json()).data.eventLots;
}

describe('GET lots/recently-viewed', () => {
  it("answers cards in the cookie's order, from a JSON list or a comma list", async () => {
    const [a, b, c] = [await t.make.lot(), await t.make.lot(), await t.make.lot()];
    await t.make.photo(b.id, 0);
    const json = await viewed(JSON.stringify([c.id, a.id, b.id]));
    expect(json.map((l) => l._id)).toEqual([c.id, a.id, b.id]);
    expect(json[2]?._source.centralFileLinks).toHaveLength(1);
    expect((await viewed(`${b.id},${c.id}`)).map((l) => l._id)).toEqual([b.id, c.id]);
  });

  it('uses only the first four ids, so hidden or unknown ones leave gaps rather than pulling in a fifth', async () => {
    const lots = [];
    for (let i = 0; i < 5; i++) lots.push(await t.make.lot());
    const hidden = await t.make.lot({ hiddenFromMarketplace: true });
    const draft = await t.make.event({ status: 'draft' });
    const inDraft = await t.make.lot({ eventId: draft.id });
    const ids = lots.map((l) => l.id);
    expect((await viewed(JSON.stringify(ids))).map((l) => l._id)).toEqual(ids.slice(0, 4));
    const mixed = [ids[0], hidden.id, 'lot_unknown', inDraft.id, ids[1]];
    expect((await viewed(JSON.stringify(mixed))).map((l) => l._id)).toEqual([ids[0]]);
  });

  it('accepts the ids of lot URLs (mp2Id, parentId) and shows a lot named twice once', async () => {
    const mp2Id = uniqueId('mp2');
    const parentId = uniqueId('par');
    const a = await t.make.lot({ mp2Id });
    const b = await t.make.lot({ parentId });
    expect((await viewed(JSON.stringify([mp2Id, parentId, a.id]))).map((l) => l._id)).toEqual([a.id, b.id]);
  });

  it('answers an empty list for an empty cookie', async () => {
    expect(await viewed('[]')).toEqual([]);
    expect(await viewed('')).toEqual([]);
  });

  it.each([
    ['missing ids', ''],
    ['bad JSON', `ids=${encodeURIComponent('["a",')}`],
    ['non-string ids', `ids=${encodeURIComponent('[1,2]')}`],
    ['an unknown parameter', 'ids=a&limit=4'],
    ['a huge value', `ids=${'a'.repeat(5_000)}`],
  ])('rejects %s with 400', async (_name, qs) => {
    const res = await t.app.inject({ method: 'GET', url: `${PATH}?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('VALIDATION_FAILED');
  });
});
