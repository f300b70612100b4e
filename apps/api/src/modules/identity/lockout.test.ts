import { mailOutbox } from '@lotline/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { PASSWORD, post, signUpUser, tokenMailedTo } from './test-helpers';

/** The waits before sign-in attempts, recorded instead of slept (no test measures the clock). */
const waits: number[] = [];
vi.mock('./delay', () => ({
  waitBeforeAttempt: async (ms: number) => {
    waits.push(ms);
  },
}));

const ATTACKER = '203.0.113.66';
const OWNER = '198.18.0.7';

describe('an attacker cannot lock the owner out (decision 0026)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    waits.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const signIn = (email: string, password: string, ip: string) =>
    post(t, '/marketplace-api/auth/sign-in', { email, password }, { ip });

  it('failures from one address block that address only: the owner signs in from another', async () => {
    const { email } = await signUpUser(t);
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await signIn(email, `guess number ${i}`, ATTACKER)).statusCode);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual(Array(26).fill(429));
    // The attacker's address is refused even the right password; the owner's is not.
    expect((await signIn(email, PASSWORD, ATTACKER)).statusCode).toBe(429);
    const owner = await signIn(email, PASSWORD, OWNER);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['set-cookie']).toBeDefined();
  });

  it('many addresses guessing one account slow every attempt on it, boundedly; the right password still works', async () => {
    const { email } = await signUpUser(t);
    waits.length = 0;
    // Four failures from each of three addresses: under each address's own limit, over the account's 10 free.
    for (let a = 0; a < 3; a++) {
      for (let i = 0; i < 4; i++)
        expect((await signIn(email, `guess ${a}-${i}`, `192.0.2.${a + 10}`)).statusCode).toBe(401);
    }
    expect(waits.slice(0, 11)).toEqual(Array(11).fill(0));
    expect(waits.slice(11)).toEqual([250]);

    waits.length = 0;
    const owner = await signIn(email, PASSWORD, OWNER);
    expect(owner.statusCode).toBe(200);
    expect(waits).toEqual([500]);

    // However long the guessing goes on, the wait stays at 5 seconds and nobody is refused for it.
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 4; i++)
        expect((await signIn(email, `more ${a}-${i}`, `192.0.2.${a + 20}`)).statusCode).toBe(401);
    }
    waits.length = 0;
    expect((await signIn(email, PASSWORD, OWNER)).statusCode).toBe(200);
    expect(waits).toEqual([5_000]);
  });

  it('a flood of reset requests never stops the owner getting a working link', async () => {
    const { email } = await signUpUser(t);
    const resetMails = () =>
      t.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, 'Reset your Lotline password')));
    const ask = (ip?: string) => post(t, '/marketplace-api/auth/password-reset', { email }, ip ? { ip } : {});

    // From one address: refused after its 10 an hour, but that address only.
    const fromAttacker: number[] = [];
    for (let i = 0; i < 11; i++) fromAttacker.push((await ask(ATTACKER)).statusCode);
    expect(fromAttacker).toEqual([...Array(10).fill(200), 429]);
    // The owner is answered as always; no more than 2 mails went out, and the newest link works.
    const owner = await ask(OWNER);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toEqual({ status: 'success', data: { sent: true } });
    expect(await resetMails()).toHaveLength(2);
    const token = await tokenMailedTo(t, email, '/reset-password');
    const done = await post(t, '/marketplace-api/auth/password-reset/confirm', { token, password: 'owner is back in' });
    expect(done.statusCode).toBe(200);
    expect((await signIn(email, 'owner is back in', OWNER)).statusCode).toBe(200);
  });

  it('under a flood from many addresses for two hours, the newest link mailed is never older than 30 minutes', async () => {
    const { email } = await signUpUser(t);
    // The flood starts after the sign-up's own mail (stamped with the real clock), so the newest mail to the
    // address is always a reset mail, whatever the time of day the test runs at.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const mailsSoFar = async () =>
      (
        await t.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, 'Reset your Lotline password')))
      ).length;
    let sent = 0;
    let newestAt = Date.now();
    let oldestNewest = 0;
    for (let minute = 0; minute < 120; minute++) {
      for (let i = 0; i < 3; i++) {
        expect((await post(t, '/marketplace-api/auth/password-reset', { email })).statusCode).toBe(200);
      }
      const now = await mailsSoFar();
      if (now > sent) newestAt = Date.now();
      sent = now;
      oldestNewest = Math.max(oldestNewest, Date.now() - newestAt);
      vi.setSystemTime(Date.now() + 60_000);
    }
    expect(oldestNewest).toBeLessThanOrEqual(30 * 60_000);
    // A sane rate for the inbox: at most 2 mails per 20 minutes.
    expect(sent).toBeLessThanOrEqual(12);
    // The newest link still works (links live for an hour).
    const token = await tokenMailedTo(t, email, '/reset-password');
    expect(
      (await post(t, '/marketplace-api/auth/password-reset/confirm', { token, password: 'still my account' }))
        .statusCode,
    ).toBe(200);
  });
});
