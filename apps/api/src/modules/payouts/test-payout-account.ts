import { auditLog, payoutAccounts } from '@lotline/db/schema';
import { and, asc, eq, like } from 'drizzle-orm';
import { vi } from 'vitest';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';
import { type StripeConnectClient, StripeConnectProvider } from './stripe-connect';

/** Helpers for the payout account tests (decision 0090): the seller's routes and the sandbox page as a browser. */

export const accountPath = (companyId: string) => `/marketplace-api/seller/companies/${companyId}/payout-account`;

/** Submits a form of the sandbox's onboarding page (url-encoded, from the site's origin, as the browser does). */
export function submitOnboarding(t: TestApp, pagePath: string, fields: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: pagePath,
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The stored account row and the `company.payoutAccount.*` audit entries of the company, oldest first. */
export async function accountState(t: TestApp, companyId: string) {
  const [row] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.companyId, companyId));
  const audit = await t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.targetId, companyId), like(auditLog.action, 'company.payoutAccount.%')))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return { row, audit };
}

/** A stand-in for Stripe's accounts and account links (Stripe cannot be reached from here): one account per key. */
export function fakeStripeConnect() {
  const byKey = new Map<string, string>();
  const accounts = new Map<
    string,
    { id: string; details_submitted: boolean; payouts_enabled: boolean; charges_enabled: boolean }
  >();
  const create = vi.fn<StripeConnectClient['accounts']['create']>(async (_params, options) => {
    const id = byKey.get(options.idempotencyKey) ?? `acct_1Fake${byKey.size + 1}`;
    byKey.set(options.idempotencyKey, id);
    const account = accounts.get(id) ?? {
      id,
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
    };
    accounts.set(id, account);
    return account;
  });
  const retrieve = vi.fn<StripeConnectClient['accounts']['retrieve']>(async (id) => {
    const account = accounts.get(id);
    if (!account) throw new Error(`no ${id}`);
    return account;
  });
  let linkCount = 0;
  const links = vi.fn<StripeConnectClient['accountLinks']['create']>(async (params) => ({
    url: `https://connect.stripe.com/setup/e/${params.account}/link${++linkCount}`,
  }));
  const client = { accounts: { create, retrieve }, accountLinks: { create: links } } satisfies StripeConnectClient;
  /** What Stripe says once the person finished its onboarding. */
  const onboard = (id: string) =>
    accounts.set(id, { id, details_submitted: true, payouts_enabled: true, charges_enabled: true });
  return { client, create, retrieve, links, onboard, provider: new StripeConnectProvider(client) };
}
