import { fillerSectionsResponse, successEnvelope } from '@lotline/contracts';
import { cmsSections } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';
import { get, signUpUser } from '../identity/test-helpers';
import { signUpStaff } from '../tax-exemptions/test-helpers';
import { auditOf, codeOf, messageOf, STAFF, send } from './test-helpers';

/** Staff edit the filler sections and home rows, with a preview that saves nothing (decision 0084). */

let t: TestApp;
let staff: { id: string; cookie: string };
const HOME = '/marketplace/api/cms/home-sections';
const sectionUrl = (id: string) => `${STAFF}/cms-sections/${id}`;

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpStaff(t);
});
afterAll(() => t.close());

/** An open, visible auction lot: what a popular row shows. */
async function openLot(name: string) {
  const event = await t.make.event();
  return t.make.lot({
    eventId: event.id,
    companyId: event.companyId,
    name,
    status: LOT_STATUS.Active,
    startAt: new Date(Date.now() - 3_600_000),
    endedAt: new Date(Date.now() + 86_400_000),
  });
}

async function section(over: Partial<typeof cmsSections.$inferInsert> = {}) {
  const id = uniqueId('cms');
  await t.db.insert(cmsSections).values({ id, type: 'popular', label: 'Popular', position: 5, ...over });
  return id;
}

const stored = async (id: string) => {
  const [row] = await t.db.select().from(cmsSections).where(eq(cmsSections.id, id));
  return row;
};

const homeSections = async () =>
  successEnvelope(fillerSectionsResponse).parse((await get(t, HOME)).json()).data.sections;

describe('a filler section', () => {
  it('is edited and put on the home page, which follows at once; the change is audited', async () => {
    const lot = await openLot('Edited row lathe');
    const id = await section();
    expect((await homeSections()).map((s) => s._id)).not.toContain(id);

    const res = await send(t, 'PATCH', sectionUrl(id), staff.cookie, {
      label: 'Shop floor picks',
      text: 'Chosen by our team this week.',
      seeMoreUrl: '/marketplace/lots?sort=recent',
      lotIds: [lot.id],
      onHome: true,
      position: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.section).toMatchObject({
      _id: id,
      label: 'Shop floor picks',
      onHome: true,
      lotIds: [lot.id],
    });

    const home = (await homeSections()).find((s) => s._id === id);
    expect(home).toMatchObject({
      label: 'SHOP FLOOR PICKS',
      text: 'Chosen by our team this week.',
      seeMoreUrl: '/marketplace/lots?sort=recent',
    });
    expect(home?.lots?.map((l) => l._id)).toEqual([lot.id]);

    const audit = await auditOf(t, id);
    expect(audit).toEqual([
      {
        action: 'content.section',
        actorId: staff.id,
        before: expect.objectContaining({ label: 'Popular', text: '', onHome: false, lotIds: [] }),
        after: expect.objectContaining({ label: 'Shop floor picks', onHome: true, lotIds: [lot.id], position: 0 }),
      },
    ]);
    // Hidden: gone from the home page and the browse pages.
    expect((await send(t, 'PATCH', sectionUrl(id), staff.cookie, { active: false })).statusCode).toBe(200);
    expect((await homeSections()).map((s) => s._id)).not.toContain(id);
    const browse = await get(t, '/marketplace/api/cms/filler-sections');
    expect(browse.json().data.sections.map((s: { _id: string }) => s._id)).not.toContain(id);
  });

  it('is previewed as the pages would render it, saving nothing', async () => {
    const lot = await openLot('Preview row press');
    const id = await section();
    const before = await stored(id);
    const res = await send(t, 'POST', `${sectionUrl(id)}/preview`, staff.cookie, {
      label: 'Draft title',
      text: 'Draft text',
      seeMoreUrl: null,
      lotIds: [lot.id],
      catalogProductIds: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data.section;
    expect(preview).toMatchObject({
      _id: id,
      type: 'popular',
      label: 'DRAFT TITLE',
      text: 'Draft text',
      seeMoreUrl: null,
    });
    expect(preview.lots.map((l: { _id: string }) => l._id)).toEqual([lot.id]);
    expect(await stored(id)).toEqual(before);
    expect(await auditOf(t, id)).toEqual([]);
  });

  it.each([
    [{ label: '' }, /title is required/],
    [{ label: 'x'.repeat(81) }, /at most 80/],
    [{ seeMoreUrl: 'javascript:alert(1)' }, /path on this site/],
    [{ seeMoreUrl: '//evil.example' }, /path on this site/],
    [{ lotIds: ['a', 'a'] }, /twice/],
    [{ position: -1 }, /at least 0/],
    [{ active: 'yes' }, /true or false/],
    [{ colour: 'red' }, /colour|Unrecognized|unknown/i],
    [{}, /at least one field/],
  ])('refuses %j (400) and changes nothing', async (body, message) => {
    const id = await section();
    const before = await stored(id);
    const res = await send(t, 'PATCH', sectionUrl(id), staff.cookie, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(codeOf(res)).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json())).toMatch(message);
    expect(await stored(id)).toEqual(before);
  });

  it('answers 404 for an unknown section or the featured sellers (their own page)', async () => {
    const featured = await section({ type: 'featured-sellers' });
    for (const id of ['cms_missing', featured]) {
      const res = await send(t, 'PATCH', sectionUrl(id), staff.cookie, { label: 'X' });
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe('No such section.');
    }
  });

  it('is refused to a visitor (401) and a buyer (403), changing nothing', async () => {
    const id = await section();
    const before = await stored(id);
    const buyer = await signUpUser(t);
    expect((await send(t, 'PATCH', sectionUrl(id), undefined, { label: 'X' })).statusCode).toBe(401);
    expect((await send(t, 'PATCH', sectionUrl(id), buyer.cookie, { label: 'X' })).statusCode).toBe(403);
    const draft = { label: 'X', text: '', seeMoreUrl: null, lotIds: [], catalogProductIds: [] };
    expect((await send(t, 'POST', `${sectionUrl(id)}/preview`, buyer.cookie, draft)).statusCode).toBe(403);
    expect((await get(t, `${STAFF}/cms-sections`, buyer.cookie)).statusCode).toBe(403);
    expect((await get(t, `${STAFF}/cms-sections`)).statusCode).toBe(401);
    expect(await stored(id)).toEqual(before);
  });

  it('lists every filler section to staff, hidden ones too, by position', async () => {
    const hidden = await section({ active: false, position: 900 });
    const res = await get(t, `${STAFF}/cms-sections`, staff.cookie);
    expect(res.statusCode).toBe(200);
    const sections = res.json().data.sections as { _id: string; type: string; active: boolean }[];
    expect(sections.find((s) => s._id === hidden)).toMatchObject({ active: false });
    expect(sections.every((s) => s.type !== 'featured-sellers')).toBe(true);
  });
});
