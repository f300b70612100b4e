import { companiesResponse, companyResponse, errorEnvelope, successEnvelope } from '@lotline/contracts';
import { cmsSections } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { uniqueId } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(path: string, expected = 200) {
  const res = await t.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json();
}

describe('GET companies', () => {
  it('reads a seller by id and by slug with the public fields only', async () => {
    const c = await t.make.company({
      displayName: 'Acme Surplus',
      logoUrl: '/files/acme.png',
      description: 'Since 1990',
      city: 'Austin',
      region: 'TX',
      country: 'US',
      featured: true,
      featuredOrder: 100,
    });
    const expected = {
      _id: c.id,
      slug: c.slug,
      name: c.name,
      displayName: 'Acme Surplus',
      logoUrl: '/files/acme.png',
      description: 'Since 1990',
      city: 'Austin',
      region: 'TX',
      country: 'US',
    };
    for (const path of [`/marketplace/api/companies/${c.id}`, `/marketplace/api/companies/by-slug/${c.slug}`]) {
      const body = await get(path);
      expect(successEnvelope(companyResponse).parse(body).data.company).toEqual(expected);
      // No internal columns (featured flags, createdAt) leak.
      expect(Object.keys(body.data.company).sort()).toEqual(Object.keys(expected).sort());
    }
  });

  it('answers 404 for unknown ids and slugs, 400 for query parameters', async () => {
    for (const path of ['/marketplace/api/companies/co_none', '/marketplace/api/companies/by-slug/none']) {
      expect(errorEnvelope.parse(await get(path, 404)).errors[0]?.code).toBe('NOT_FOUND');
    }
    const c = await t.make.company();
    expect(errorEnvelope.parse(await get(`/marketplace/api/companies/${c.id}?x=1`, 400)).errors[0]?.code).toBe(
      'VALIDATION_FAILED',
    );
  });
});

describe('GET companies/featured', () => {
  const featured = async () =>
    successEnvelope(companiesResponse).parse(await get('/marketplace/api/companies/featured')).data.companies;

  it('uses the featured flag by featuredOrder when there is no CMS section, at most six', async () => {
    const made = [];
    for (const order of [7, 2, 5, 1, 3, 6, 4])
      made.push(await t.make.company({ featured: true, featuredOrder: order }));
    await t.make.company({ featured: false });
    const byOrder = [...made].sort((a, b) => (a.featuredOrder ?? 0) - (b.featuredOrder ?? 0));
    expect((await featured()).map((c) => c._id)).toEqual(byOrder.slice(0, 6).map((c) => c.id));
  });

  it("follows the active 'featured-sellers' CMS section's order, skipping unknown ids", async () => {
    const [a, b, c] = [await t.make.company(), await t.make.company(), await t.make.company()];
    const id = uniqueId('cms');
    await t.db.insert(cmsSections).values({
      id,
      type: 'featured-sellers',
      label: 'Featured sellers',
      config: { companyIds: [c.id, 'co_gone', a.id, b.id] },
    });
    expect((await featured()).map((x) => x._id)).toEqual([c.id, a.id, b.id]);
    // Switched off, the flag decides again.
    await t.db.update(cmsSections).set({ active: false }).where(eq(cmsSections.id, id));
    expect((await featured()).map((x) => x._id)).not.toContain(c.id);
  });
});
