import { companies, payoutAccounts, sandboxConnectedAccounts } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, signUpUser } from '../identity/test-helpers';
import { get, post } from '../orders/test-helpers';
import { staffOf } from '../orders/test-refunds';
import { codeOf, crew } from '../seller-company/test-helpers';
import { refreshPayoutAccount, startPayoutOnboarding } from './manage-payout-account';
import { releasePayouts } from './release-payouts';
import { accountPath, accountState, fakeStripeConnect, submitOnboarding } from './test-payout-account';
import { duePaidOrder, fakeTransfers, payoutState } from './test-payouts';

/** The seller's payout account (decision 0090): the sandbox onboarding end to end, who may, Stripe's calls. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const returnUrl = (companyId: string) => `${ORIGIN}/seller/payouts?company=${companyId}&connect=return`;
const refreshUrl = (companyId: string) => `${ORIGIN}/seller/payouts?company=${companyId}&connect=refresh`;

describe('an owner connects through the sandbox', () => {
  it('onboards on the sandbox page, comes back to the console, and the refreshed state is stored and audited', async () => {
    const { company, owner } = await crew(t);
    const before = await get(t, accountPath(company.id), owner.cookie);
    expect(before.json().data).toEqual({ account: null, provider: 'sandbox', canManage: true });

    const started = await post(t, `${accountPath(company.id)}/onboarding`, owner.cookie);
    expect(started.statusCode).toBe(200);
    const { url, account } = started.json().data;
    expect(account).toMatchObject({ provider: 'sandbox', payoutsEnabled: false, detailsSubmitted: false });
    expect(account.accountId).toMatch(/^acct_sbx[0-9a-f]{32}$/);
    expect(url).toMatch(new RegExp(`^${ORIGIN}/payments-sandbox/connect/al_sbx`));

    const pagePath = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set up payouts');
    expect(page.body).toContain(account.accountId);
    const finished = await submitOnboarding(t, pagePath, { outcome: 'verified' });
    expect(finished.statusCode).toBe(303);
    expect(finished.headers.location).toBe(returnUrl(company.id));
    // A link is single-use, as Stripe's: visiting or submitting it again goes to the refresh URL.
    const again = await t.app.inject({ method: 'GET', url: pagePath });
    expect([again.statusCode, again.headers.location]).toEqual([303, refreshUrl(company.id)]);
    expect((await submitOnboarding(t, pagePath, { outcome: 'restricted' })).headers.location).toBe(
      refreshUrl(company.id),
    );

    const refreshed = await post(t, `${accountPath(company.id)}/refresh`, owner.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().data).toMatchObject({
      accountId: account.accountId,
      provider: 'sandbox',
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      checkedAt: expect.any(String),
    });
    // The same answer again stores nothing new: one entry per change.
    expect((await post(t, `${accountPath(company.id)}/refresh`, owner.cookie)).statusCode).toBe(200);
    const stored = await accountState(t, company.id);
    expect(stored.row).toMatchObject({ stripeAccountId: account.accountId, provider: 'sandbox', payoutsEnabled: true });
    expect(stored.audit).toEqual([
      {
        action: 'company.payoutAccount.connect',
        actorId: owner.id,
        before: null,
        after: {
          accountId: account.accountId,
          provider: 'sandbox',
          detailsSubmitted: false,
          chargesEnabled: false,
          payoutsEnabled: false,
        },
      },
      {
        action: 'company.payoutAccount.status',
        actorId: owner.id,
        before: { accountId: account.accountId, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false },
        after: { accountId: account.accountId, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true },
      },
    ]);

    // Staff see it on their company list.
    const staff = await staffOf(t, await signUpUser(t));
    const listed = await get(t, `/marketplace-api/staff/companies?q=${encodeURIComponent(company.name)}`, staff.cookie);
    expect(listed.json().data.companies[0].payoutAccount).toMatchObject({
      accountId: account.accountId,
      provider: 'sandbox',
      payoutsEnabled: true,
    });
  });

  it('connecting again (or twice at once) reuses the one account: a new link, no second account or entry', async () => {
    const { company, owner } = await crew(t);
    const [a, b] = await Promise.all([
      post(t, `${accountPath(company.id)}/onboarding`, owner.cookie),
      post(t, `${accountPath(company.id)}/onboarding`, owner.cookie),
    ]);
    const c = await post(t, `${accountPath(company.id)}/onboarding`, owner.cookie);
    const answers = [a, b, c].map((res) => res.json().data);
    expect(new Set(answers.map((d) => d.account.accountId)).size).toBe(1);
    expect(new Set(answers.map((d) => d.url)).size).toBe(3);
    const made = await t.db
      .select({ id: sandboxConnectedAccounts.id })
      .from(sandboxConnectedAccounts)
      .where(eq(sandboxConnectedAccounts.reference, company.id));
    expect(made).toHaveLength(1);
    expect((await accountState(t, company.id)).audit.map((e) => e.action)).toEqual(['company.payoutAccount.connect']);
  });

  it('leaving the page, or finishing with payouts disabled, is what the refresh stores; no payout goes to it', async () => {
    const { company, owner } = await crew(t);
    const { url } = (await post(t, `${accountPath(company.id)}/onboarding`, owner.cookie)).json().data;
    const left = await submitOnboarding(t, `${new URL(url).pathname}/leave`);
    expect(left.headers.location).toBe(returnUrl(company.id));
    expect((await post(t, `${accountPath(company.id)}/refresh`, owner.cookie)).json().data.detailsSubmitted).toBe(
      false,
    );
    const next = (await post(t, `${accountPath(company.id)}/onboarding`, owner.cookie)).json().data.url;
    await submitOnboarding(t, new URL(next).pathname, { outcome: 'restricted' });
    const state = (await post(t, `${accountPath(company.id)}/refresh`, owner.cookie)).json().data;
    expect(state).toMatchObject({ detailsSubmitted: true, payoutsEnabled: false });
    expect((await accountState(t, company.id)).audit.map((e) => e.action)).toEqual([
      'company.payoutAccount.connect',
      'company.payoutAccount.status',
    ]);
  });
});

describe('who may, and what is refused', () => {
  it('a company staff member reads but may not connect or refresh; others get 403, a visitor 401; nothing stored', async () => {
    const { company, staff, stranger, buyer } = await crew(t);
    const read = await get(t, accountPath(company.id), staff.cookie);
    expect(read.json().data).toMatchObject({ account: null, canManage: false });
    for (const person of [staff, stranger, buyer]) {
      for (const path of ['onboarding', 'refresh']) {
        const res = await post(t, `${accountPath(company.id)}/${path}`, person.cookie);
        expect([res.statusCode, codeOf(res)]).toEqual([403, 'FORBIDDEN']);
      }
    }
    expect((await post(t, `${accountPath(company.id)}/onboarding`, staff.cookie)).json().errors[0].message).toBe(
      'Only an owner of the company can set up or refresh its payout account.',
    );
    for (const person of [stranger, buyer]) {
      expect((await get(t, accountPath(company.id), person.cookie)).statusCode).toBe(403);
    }
    expect((await get(t, accountPath(company.id))).statusCode).toBe(401);
    expect((await post(t, `${accountPath(company.id)}/onboarding`, '')).statusCode).toBe(401);
    expect(await accountState(t, company.id)).toEqual({ row: undefined, audit: [] });
  });

  it('a suspended company cannot connect (403 COMPANY_SUSPENDED), but still reads', async () => {
    const { company, owner } = await crew(t);
    await t.db.update(companies).set({ status: 'suspended' }).where(eq(companies.id, company.id));
    const res = await post(t, `${accountPath(company.id)}/onboarding`, owner.cookie);
    expect([res.statusCode, codeOf(res)]).toEqual([403, 'COMPANY_SUSPENDED']);
    expect((await get(t, accountPath(company.id), owner.cookie)).statusCode).toBe(200);
    expect((await accountState(t, company.id)).row).toBeUndefined();
  });

  it('answers 400 for a bad id or query and an unknown outcome, 404 for no company or no account yet', async () => {
    const { company, owner } = await crew(t);
    expect((await post(t, `${accountPath(company.id)}/onboarding?x=1`, owner.cookie)).statusCode).toBe(400);
    expect((await get(t, `${accountPath('a%00b')}`, owner.cookie)).statusCode).toBe(400);
    const none = await post(t, `${accountPath(company.id)}/refresh`, owner.cookie);
    expect([none.statusCode, none.json().errors[0].message]).toEqual([
      404,
      'This company has no payout account yet: connect one first.',
    ]);
    expect((await post(t, `${accountPath('cmp_nope')}/onboarding`, owner.cookie)).statusCode).toBe(404);
    const { url } = (await post(t, `${accountPath(company.id)}/onboarding`, owner.cookie)).json().data;
    const bad = await submitOnboarding(t, new URL(url).pathname, { outcome: 'rich' });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/payments-sandbox/connect/al_sbx_nope' })).statusCode).toBe(404);
    // The bad submit did not use the link up.
    expect((await submitOnboarding(t, new URL(url).pathname, { outcome: 'verified' })).headers.location).toBe(
      returnUrl(company.id),
    );
  });
});

describe('with Stripe configured', () => {
  it('creates one Express account with transfers and an onboarding link back to the console; reads its state', async () => {
    const { company, owner } = await crew(t);
    await t.db.update(companies).set({ country: 'US' }).where(eq(companies.id, company.id));
    const stripe = fakeStripeConnect();
    const deps = { db: t.db, connect: stripe.provider, publicOrigin: ORIGIN };
    const input = { companyId: company.id, actorId: owner.id };
    const first = await startPayoutOnboarding(deps, input);
    const second = await startPayoutOnboarding(deps, input);
    expect(first.account).toMatchObject({ accountId: 'acct_1Fake1', provider: 'stripe', payoutsEnabled: false });
    expect(second.account.accountId).toBe('acct_1Fake1');
    expect(stripe.create).toHaveBeenCalledTimes(1);
    expect(stripe.create).toHaveBeenCalledWith(
      {
        type: 'express',
        country: 'US',
        capabilities: { transfers: { requested: true } },
        metadata: { reference: company.id },
      },
      { idempotencyKey: `payout-account-stripe-${company.id}` },
    );
    expect(stripe.links).toHaveBeenLastCalledWith({
      account: 'acct_1Fake1',
      type: 'account_onboarding',
      return_url: returnUrl(company.id),
      refresh_url: refreshUrl(company.id),
    });
    expect(first.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    stripe.onboard('acct_1Fake1');
    const state = await refreshPayoutAccount(deps, input);
    expect(state).toMatchObject({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
    expect(stripe.retrieve).toHaveBeenCalledWith('acct_1Fake1');
  });

  it('replaces a sandbox account with a Stripe one (audited with the one before); refuses to refresh across providers', async () => {
    const { company, owner } = await crew(t);
    const sandbox = (await post(t, `${accountPath(company.id)}/onboarding`, owner.cookie)).json().data.account;
    const stripe = fakeStripeConnect();
    const deps = { db: t.db, connect: stripe.provider, publicOrigin: ORIGIN };
    await expect(refreshPayoutAccount(deps, { companyId: company.id, actorId: owner.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const { account } = await startPayoutOnboarding(deps, { companyId: company.id, actorId: owner.id });
    expect(account.provider).toBe('stripe');
    const { row, audit } = await accountState(t, company.id);
    expect(row).toMatchObject({ stripeAccountId: account.accountId, provider: 'stripe' });
    expect(audit.at(-1)).toMatchObject({
      action: 'company.payoutAccount.connect',
      before: { accountId: sandbox.accountId, provider: 'sandbox' },
      after: { accountId: account.accountId, provider: 'stripe' },
    });
  });

  it('a refusal is 409 PAYOUT_ACCOUNT_REFUSED with its reason, and nothing is stored', async () => {
    const { company, owner } = await crew(t);
    const stripe = fakeStripeConnect();
    const Stripe = (await import('stripe')).default;
    stripe.create.mockRejectedValueOnce(
      new Stripe.errors.StripeInvalidRequestError({
        message: 'Connect is not enabled.',
        type: 'invalid_request_error',
      }),
    );
    const deps = { db: t.db, connect: stripe.provider, publicOrigin: ORIGIN };
    await expect(startPayoutOnboarding(deps, { companyId: company.id, actorId: owner.id })).rejects.toMatchObject({
      code: 'PAYOUT_ACCOUNT_REFUSED',
      status: 409,
      message: 'The payment provider refused: Connect is not enabled.',
    });
    expect(await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.companyId, company.id))).toEqual([]);
  });
});

describe('where the release job transfers', () => {
  it('never to a sandbox account or a Stripe account whose payouts are disabled: those orders wait for staff', async () => {
    const sandboxed = await duePaidOrder(t);
    const restricted = await duePaidOrder(t);
    const unknown = await duePaidOrder(t);
    await t.db.insert(payoutAccounts).values([
      { companyId: sandboxed.company.id, stripeAccountId: 'acct_sbx1', provider: 'sandbox', payoutsEnabled: true },
      { companyId: restricted.company.id, stripeAccountId: 'acct_1Restricted', payoutsEnabled: false },
      // An id staff typed, never asked: transferred to, as before (Stripe refuses it if it cannot take one).
      { companyId: unknown.company.id, stripeAccountId: 'acct_1Typed' },
    ]);
    const stripe = fakeTransfers();
    await releasePayouts({ db: t.db, provider: stripe.provider });
    const destinations = stripe.create.mock.calls.map(([params]) => params.destination);
    expect(destinations).toContain('acct_1Typed');
    expect(destinations).not.toContain('acct_sbx1');
    expect(destinations).not.toContain('acct_1Restricted');
    expect((await payoutState(t, sandboxed.order.id)).payouts).toEqual([]);
    expect((await payoutState(t, restricted.order.id)).payouts).toEqual([]);
  });
});
