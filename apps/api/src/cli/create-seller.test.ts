import { companies } from '@lotline/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signUpUser } from '../modules/identity/test-helpers';
import { activatedUser } from '../modules/seller-company/test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { type CreateSellerIo, runCreateSellerCli } from './create-seller';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The CLI over the test app's database, with what it prints captured. */
function cli() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CreateSellerIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    open: async () => ({ db: t.db, driver: 'pglite', close: async () => {} }),
  };
  return { out, err, run: (argv: string[]) => runCreateSellerCli(argv, {}, io) };
}

const companyCount = async () => (await t.db.select({ id: companies.id }).from(companies)).length;

describe('npm run create-seller', () => {
  it("creates a company owned by an activated account, in the owner's seller console at once", async () => {
    const owner = await activatedUser(t, undefined, 'Fiona First');
    const c = cli();
    const code = await c.run([
      '--email',
      owner.email.toUpperCase(),
      '--company',
      'First Light Auctions',
      '--country',
      'ca',
      '--region',
      'ON',
    ]);
    expect(c.err).toEqual([]);
    expect(code).toBe(0);
    expect(c.out.join('\n')).toContain(
      `Created the seller company First Light Auctions (/first-light-auctions) owned by ${owner.email}`,
    );

    const mine = await get(t, '/marketplace-api/seller/companies', owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.companies).toEqual([
      expect.objectContaining({ name: 'First Light Auctions', role: 'owner' }),
    ]);
  });

  it('refuses an unknown or unactivated address, a bad country or region, and missing flags, changing nothing', async () => {
    const before = await companyCount();
    const unknown = cli();
    expect(await unknown.run(['--email', 'nobody@example.com', '--company', 'Acme', '--country', 'US'])).toBe(1);
    expect(unknown.err.join('\n')).toContain('nobody@example.com has no account');

    const fresh = await signUpUser(t);
    const unactivated = cli();
    expect(await unactivated.run(['--email', fresh.email, '--company', 'Acme', '--country', 'US'])).toBe(1);
    expect(unactivated.err.join('\n')).toContain('is not activated yet');

    const owner = await activatedUser(t);
    const country = cli();
    expect(await country.run(['--email', owner.email, '--company', 'Acme', '--country', 'MX'])).toBe(1);
    expect(country.err.join('\n')).toContain('Choose the United States (US) or Canada (CA)');
    const region = cli();
    expect(await region.run(['--email', owner.email, '--company', 'Acme', '--country', 'US', '--region', 'ON'])).toBe(
      1,
    );
    expect(region.err.join('\n')).toContain('Choose a US state code');

    const missing = cli();
    expect(await missing.run(['--email', owner.email])).toBe(2);
    expect(missing.err.join('\n')).toContain('--company is required');
    expect(await companyCount()).toBe(before);
  });
});
