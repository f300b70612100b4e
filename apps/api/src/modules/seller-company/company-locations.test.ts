import { companyLocations } from '@lotline/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { houston } from '../seller-events/test-helpers';
import { companyPath, crew, getAs, sendAs } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const locationsPath = (companyId: string) => `${companyPath(companyId)}/locations`;
const stored = (companyId: string) =>
  t.db
    .select()
    .from(companyLocations)
    .where(eq(companyLocations.companyId, companyId))
    .orderBy(asc(companyLocations.id));
const austin = { city: 'Austin', region: 'TX', country: 'US', taxRate: 8.25, lat: 30.27, lon: -97.74 };

describe('the company locations (decision 0054)', () => {
  it('owners and staff add, list, change and remove locations with their tax rate', async () => {
    const { company, owner, staff } = await crew(t);
    const added = await sendAs(t, 'POST', locationsPath(company.id), staff, houston);
    expect(added.statusCode).toBe(201);
    const id = added.json().data._id as string;
    expect(added.json().data).toEqual({ _id: id, ...houston });
    await sendAs(t, 'POST', locationsPath(company.id), owner, { ...austin, taxRate: 6.25 });
    const listed = await getAs(t, locationsPath(company.id), staff);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.locations.map((l: { city: string }) => l.city)).toEqual(['Austin', 'Houston']);
    const changed = await sendAs(t, 'PUT', `${locationsPath(company.id)}/${id}`, owner, { ...houston, taxRate: 7.5 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.taxRate).toBe(7.5);
    const removed = await sendAs(t, 'DELETE', `${locationsPath(company.id)}/${id}`, staff);
    expect(removed.json().data).toEqual({ removed: true });
    expect((await stored(company.id)).map((l) => l.city)).toEqual(['Austin']);
  });

  it('refuses bad input with 400 and a clear message by field, changing nothing', async () => {
    const { company, owner } = await crew(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...houston, taxRate: -1 }, 'taxRate', 'The tax rate cannot be negative.'],
      [{ ...houston, taxRate: 31 }, 'taxRate', 'The tax rate can be at most 30%.'],
      [{ ...houston, taxRate: 8.2501 }, 'taxRate', 'The tax rate has at most three decimals.'],
      [{ ...houston, taxRate: '8.25' }, 'taxRate', 'The tax rate must be a percentage.'],
      [{ ...houston, region: 'ZZ' }, 'region', 'The region must be a two-letter state or province code.'],
      [{ ...houston, country: 'MX' }, 'country', 'The country must be US or CA.'],
      [{ ...houston, city: '' }, 'city', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await sendAs(t, 'POST', locationsPath(company.id), owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json().errors.find((e: { field: string }) => e.field === field);
      expect(error?.code).toBe('VALIDATION_FAILED');
      if (message) expect(error.message).toBe(message);
    }
    expect(await stored(company.id)).toEqual([]);
  });

  it('refuses another company and a buyer (403), a visitor (401); an unknown company or location is 404; nothing changes', async () => {
    const { company, owner, stranger, buyer } = await crew(t);
    const id = (await sendAs(t, 'POST', locationsPath(company.id), owner, houston)).json().data._id as string;
    const before = await stored(company.id);
    for (const who of [stranger, buyer]) {
      expect((await getAs(t, locationsPath(company.id), who)).statusCode).toBe(403);
      expect((await sendAs(t, 'POST', locationsPath(company.id), who, austin)).statusCode).toBe(403);
      expect((await sendAs(t, 'PUT', `${locationsPath(company.id)}/${id}`, who, austin)).statusCode).toBe(403);
      expect((await sendAs(t, 'DELETE', `${locationsPath(company.id)}/${id}`, who)).statusCode).toBe(403);
    }
    expect((await getAs(t, locationsPath(company.id))).statusCode).toBe(401);
    expect((await sendAs(t, 'POST', locationsPath(company.id), undefined, austin)).statusCode).toBe(401);
    expect((await getAs(t, locationsPath('co_unknown'), owner)).statusCode).toBe(404);
    expect((await sendAs(t, 'PUT', `${locationsPath(company.id)}/cloc_unknown`, owner, austin)).statusCode).toBe(404);
    expect((await sendAs(t, 'DELETE', `${locationsPath(company.id)}/cloc_unknown`, owner)).statusCode).toBe(404);
    // The stranger's own company cannot reach this company's location through its own path either.
    const theirs = locationsPath((await crew(t)).company.id);
    expect((await sendAs(t, 'DELETE', `${theirs}/${id}`, owner)).statusCode).toBe(403);
    expect(await stored(company.id)).toEqual(before);
  });
});
