import { mailOutbox } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { newEmail, post, signUpUser, tokenMailedTo } from './test-helpers';

/**
 * Sign-up and password reset tell nobody whether an address has an account
 * (decision 0026): same answer, and the same expensive work on both paths.
 * Work is observed through spies, never by timing requests.
 */

const spies = vi.hoisted(() => ({
  hashed: [] as string[],
  /** While set, outbox mail waits for it to resolve. */
  mailGate: null as Promise<void> | null,
  mailsStarted: 0,
}));

vi.mock('@lotline/db/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('@lotline/db/passwords')>();
  return {
    ...real,
    hashPassword: async (password: string) => {
      spies.hashed.push(password);
      return real.hashPassword(password);
    },
  };
});

vi.mock('../mail/outbox-mailer', async (importOriginal) => {
  const real = await importOriginal<typeof import('../mail/outbox-mailer')>();
  return {
    ...real,
    createOutboxMailer: (...args: Parameters<typeof real.createOutboxMailer>) => {
      const mailer = real.createOutboxMailer(...args);
      return {
        ...mailer,
        send: async (message: Parameters<typeof mailer.send>[0]) => {
          spies.mailsStarted += 1;
          if (spies.mailGate) await spies.mailGate;
          return mailer.send(message);
        },
      };
    },
  };
});

/** What a response tells the client, less what differs on every request anyway. */
function answerOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  const { 'x-request-id': _id, date: _date, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
}

describe('no account enumeration through sign-up and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    spies.hashed.length = 0;
    spies.mailsStarted = 0;
    spies.mailGate = null;
  });

  it('sign-up hashes the password and sends one mail for a taken address as for a new one', async () => {
    const { email } = await signUpUser(t);
    spies.hashed.length = 0;
    spies.mailsStarted = 0;

    const taken = await post(t, '/marketplace-api/auth/sign-up', { email, password: 'taken path secret', name: 'X' });
    expect(spies.hashed).toEqual(['taken path secret']);
    expect(spies.mailsStarted).toBe(1);

    const fresh = await post(t, '/marketplace-api/auth/sign-up', {
      email: newEmail(),
      password: 'fresh path secret',
      name: 'X',
    });
    expect(spies.hashed).toEqual(['taken path secret', 'fresh path secret']);
    expect(spies.mailsStarted).toBe(2);
    expect(answerOf(taken)).toEqual(answerOf(fresh));
  });

  it('a reset answers the same for a known and an unknown address, and neither waits for a mail', async () => {
    const { email } = await signUpUser(t);
    spies.mailsStarted = 0;
    let release = () => {};
    spies.mailGate = new Promise<void>((resolve) => {
      release = resolve;
    });

    // The mail to the known address is held back; the answer must not wait for it.
    const known = await post(t, '/marketplace-api/auth/password-reset', { email });
    const unknown = await post(t, '/marketplace-api/auth/password-reset', { email: newEmail() });
    expect(spies.mailsStarted).toBe(1);
    expect(answerOf(known)).toEqual(answerOf(unknown));
    expect(known.json()).toEqual({ status: 'success', data: { sent: true } });

    release();
    const token = await tokenMailedTo(t, email, '/reset-password');
    expect(token).not.toBe('');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Reset your Lotline password'));
    expect(mails.map((m) => m.to)).toEqual([email]);
  }, 15_000);
});
