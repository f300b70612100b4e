import { cmsSectionsResponse, errorEnvelope, successEnvelope } from '@lotline/contracts';
import { cmsSections } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATH = '/marketplace/api/cms/sections';

describe('GET cms/sections', () => {
  it('lists active sections by position with their config', async () => {
    const ids = [uniqueId('cms'), uniqueId('cms'), uniqueId('cms')];
    await t.db.insert(cmsSections).values([
      { id: ids[0] as string, type: 'sold', label: 'Recently sold', position: 2, config: { lotIds: ['l1', 'l2'] } },
      {
        id: ids[1] as string,
        type: 'popular',
        label: 'Popular',
        seeMoreUrl: '/marketplace/lots?sort=ending-soon',
        position: 1,
        // An unknown key stored by an editor is not passed on.
        config: { lotIds: ['l3'], extra: 1 } as never,
      },
      { id: ids[2] as string, type: 'trending', label: 'Off', position: 0, active: false },
    ]);
    const res = await t.app.inject({ method: 'GET', url: PATH });
    expect(res.statusCode, res.body).toBe(200);
    expect(successEnvelope(cmsSectionsResponse).parse(res.json()).data.sections).toEqual([
      {
        _id: ids[1],
        type: 'popular',
        label: 'Popular',
        seeMoreUrl: '/marketplace/lots?sort=ending-soon',
        position: 1,
        config: { lotIds: ['l3'] },
      },
      {
        _id: ids[0],
        type: 'sold',
        label: 'Recently sold',
        seeMoreUrl: null,
        position: 2,
        config: { lotIds: ['l1', 'l2'] },
      },
    ]);
  });

  it('rejects query parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PATH}?type=sold` });
    expect(res.statusCode).toBe(400);
    expect(errorEnvelope.parse(res.json()).errors[0]?.code).toBe('VALIDATION_FAILED');
  });
});
