import { queryRows } from '@lotline/db';
import { sandboxCards, sandboxHolds, users } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN, signUpUser } from '../identity/test-helpers';
import { createMailer } from '../mail/mailer';
import { agree } from '../messaging/test-helpers';
import { SandboxPaymentProvider } from '../payments/sandbox/sandbox-provider';
import { addCard, VISA } from '../payments/test-helpers';
import type { RenewDeps } from './renew-deposits';

/** Helpers for the registration tests: real sign-ups, cards saved through the sandbox's page, the real routes. */

export type Person = { id: string; cookie: string; email: string };

export const registrationUrl = (userId: string, eventId: string) =>
  `/marketplace-api/users/${userId}/registered-auctions/${eventId}`;

/** The card that saves fine but refuses every hold (Stripe's 4000 0000 0000 0341). */
export const DECLINES_HOLDS = { ...VISA, number: '4000 0000 0000 0341' };

/** A verified user (the stored flag, as the account slice keeps it) with a card, who agreed to `eventId`'s terms. */
export async function bidder(
  t: TestApp,
  eventId: string | undefined,
  card: typeof VISA | null = VISA,
): Promise<Person> {
  const user = await signUpUser(t);
  if (card) await addCard(t, user, card);
  await t.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
  if (eventId) await agree(t, user, eventId);
  return user;
}

/** Another card for a bidder; saving a card recomputes `verified`, so the flag is set again. */
export async function extraCard(t: TestApp, user: Person, card: typeof VISA) {
  const saved = await addCard(t, user, card);
  await t.db.update(users).set({ verified: true }).where(eq(users.id, user.id));
  return saved;
}

/** A published auction event with one open lot; a $500.00 deposit unless overridden. */
export async function auction(t: TestApp, overrides: Parameters<TestApp['make']['event']>[0] = {}) {
  const event = await t.make.event({ bidDepositAmount: 50_000, bidDepositCurrency: 'USD', ...overrides });
  const lot = await t.make.lot({
    companyId: event.companyId,
    eventId: event.id,
    status: LOT_STATUS.Active,
    startAt: new Date(Date.now() - 3_600_000),
    endedAt: new Date(Date.now() + 3 * 86_400_000),
  });
  return { event, lot };
}

export function register(
  t: TestApp,
  user: { id: string; cookie: string },
  eventId: string,
  options: { body?: unknown; key?: string; cookie?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: registrationUrl(user.id, eventId),
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      cookie: options.cookie ?? user.cookie,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}

export function readRegistration(t: TestApp, user: { id: string; cookie: string }, eventId: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: registrationUrl(user.id, eventId),
    headers: { cookie: cookie ?? user.cookie },
  });
}

/** The sandbox's holds on a user's cards (the provider's side of the wire). */
export function sandboxHoldsOf(t: TestApp, userId: string) {
  return queryRows<{ id: string; status: string; amount: number; reference: string }>(
    t.db,
    sql`select h.id, h.status, h.amount::int as amount, h.reference from ${sandboxHolds} h
    join ${sandboxCards} c on c.id = h.card_id
    join payment_methods pm on pm.provider_payment_method_id = c.id
    where pm.user_id = ${userId} order by h.created_at, h.id`,
  );
}

/** What the renewal and settlement jobs run with: the sandbox provider and the outbox mailer over the test database. */
export function jobDeps(t: TestApp): RenewDeps {
  const log = pino({ level: 'silent' });
  return {
    db: t.db,
    provider: new SandboxPaymentProvider(t.db, ORIGIN),
    mailer: createMailer({ db: t.db, smtpUrl: undefined, log }),
    publicOrigin: ORIGIN,
    log,
  };
}
