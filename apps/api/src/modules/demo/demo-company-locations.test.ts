import { companyLocations } from '@lotline/db/schema';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { memberOf } from '../seller-company/test-helpers';
import { demoCompanyLocations } from './demo-company-locations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demoCompanyLocations', () => {
  it('saves each featured seller’s event locations once per city, through its owner; others are left alone', async () => {
    const featured = await t.make.company({ featured: true, featuredOrder: 1 });
    const plain = await t.make.company();
    await memberOf(t, featured.id, 'owner');
    await memberOf(t, plain.id, 'owner');
    for (const company of [featured, plain]) {
      for (const taxRate of [8.25, 8.25]) {
        const event = await t.make.event({ companyId: company.id });
        await t.make.location({ eventId: event.id, taxRate });
        await t.make.location({ eventId: event.id, city: 'Toronto', region: 'ON', country: 'CA', taxRate: 13 });
      }
    }
    await demoCompanyLocations({ db: t.db, log: () => {} });
    const rows = await t.db.select().from(companyLocations).orderBy(asc(companyLocations.city));
    expect(rows.map((r) => [r.companyId, r.city, r.taxRate])).toEqual([
      [featured.id, 'Houston', 8.25],
      [featured.id, 'Toronto', 13],
    ]);
  });
});
