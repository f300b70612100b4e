import { accounts, users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasStaffUser } from '../modules/identity/create-staff-user';
import { cookieOf, get, newEmail, post } from '../modules/identity/test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { type CreateStaffIo, runCreateStaffCli } from './create-staff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The CLI over the test app's database, with what it prints captured. */
function cli(stdin: string | undefined) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CreateStaffIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: async () => stdin,
    open: async () => ({ db: t.db, driver: 'pglite', close: async () => {} }),
  };
  return { out, err, run: (argv: string[]) => runCreateStaffCli(argv, {}, io) };
}

const signIn = (email: string, password: string) => post(t, '/marketplace-api/auth/sign-in', { email, password });

describe('npm run create-staff', () => {
  it('creates a staff user with the piped password, who signs in as staff and admin', async () => {
    expect(await hasStaffUser(t.db)).toBe(false);
    const email = newEmail();
    const c = cli('a-long-operator-password\n');
    expect(await c.run(['--email', email.toUpperCase(), '--name', 'Robin Operator'])).toBe(0);
    expect(c.out.join('\n')).toContain(`Created the staff user ${email}`);
    // A password the operator chose is never echoed.
    expect(c.out.join('\n')).not.toContain('a-long-operator-password');

    const res = await signIn(email, 'a-long-operator-password');
    expect(res.statusCode).toBe(200);
    const me = await get(t, '/marketplace-api/users/me', cookieOf(res));
    expect(me.json().data).toMatchObject({ email, name: 'Robin Operator', roles: ['staff', 'admin'] });
    expect(await hasStaffUser(t.db)).toBe(true);
  });

  it('without a piped password generates one and prints it once', async () => {
    const email = newEmail();
    const c = cli(undefined);
    expect(await c.run(['--email', email])).toBe(0);
    const password = /Password \(shown only now[^)]*\): (\S+)/.exec(c.out.join('\n'))?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    expect((await signIn(email, password as string)).statusCode).toBe(200);
  });

  it('refuses a taken address, a bad address or a short password and changes nothing', async () => {
    const email = newEmail();
    expect(await cli('first-password-1').run(['--email', email])).toBe(0);
    const [before] = await t.db
      .select()
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, email));

    const again = cli('second-password-2');
    expect(await again.run(['--email', email])).toBe(1);
    expect(again.err.join('\n')).toContain('already has an account; nothing was changed');
    const [after] = await t.db
      .select()
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, email));
    expect(after?.accounts.password).toBe(before?.accounts.password);

    const bad = cli('long-enough-password');
    expect(await bad.run(['--email', 'not-an-address'])).toBe(1);
    expect(bad.err.join('\n')).toContain('Enter a valid e-mail address');
    const short = cli('short');
    const shortEmail = newEmail();
    expect(await short.run(['--email', shortEmail])).toBe(1);
    expect(short.err.join('\n')).toContain('Use at least 10 characters');
    expect(await t.db.select().from(users).where(eq(users.email, shortEmail))).toHaveLength(0);

    const missing = cli(undefined);
    expect(await missing.run([])).toBe(2);
    expect(missing.err.join('\n')).toContain('--email is required');
  });
});
