import { queryRows } from '@lotline/db';
import { paymentMethods, paymentSetups, sandboxCards } from '@lotline/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { activate, send, storedVerified, US_ADDRESS } from '../account/test-helpers';
import { get, ORIGIN, signUpUser } from '../identity/test-helpers';
import {
  addCard,
  completeCardSetup,
  DECLINED,
  MASTERCARD,
  methodsUrl,
  setupsUrl,
  startCardSetup,
  submitCardForm,
  VISA,
} from './test-helpers';

const CARD_DIGITS = ['4242424242424242', '5555555555554444', '4000000000000002'];

describe('payment methods with the sandbox provider', () => {
  let t: TestApp;
  /** Every URL and body our own routes (not the provider's pages) received. */
  const seenByApi: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    t.app.addHook('preHandler', async (request) => {
      if (!request.url.startsWith('/payments-sandbox/'))
        seenByApi.push(request.url, JSON.stringify(request.body ?? ''));
    });
  });
  afterAll(() => t.close());

  it('adds a card: setup, the provider page, back, complete; lists it in the shape of the contract', async () => {
    const user = await signUpUser(t);
    expect((await get(t, methodsUrl(user.id), user.cookie)).json()).toEqual({ status: 'success', data: [] });

    const { setupId, data, pagePath } = await startCardSetup(t, user);
    expect(data).toEqual({
      id: setupId,
      provider: 'sandbox',
      next: { type: 'redirect', url: expect.stringMatching(new RegExp(`^${ORIGIN}/payments-sandbox/setup/seti_sbx_`)) },
    });
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<label for="card-number">Card number</label>');

    const submitted = await submitCardForm(t, pagePath, VISA);
    expect(submitted.statusCode).toBe(303);
    const back = new URL(String(submitted.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/account/payment-methods/return`);
    expect(back.searchParams.get('setup')).toBe(setupId);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');

    const done = await completeCardSetup(t, user, setupId);
    expect(done.statusCode).toBe(201);
    const card = done.json().data;
    expect(card).toEqual({
      id: expect.stringMatching(/^pmt_/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      isDefault: true,
    });
    expect((await get(t, methodsUrl(user.id), user.cookie)).json().data).toEqual([card]);
    // Completing again (a reload of the return page) answers the same card and adds nothing.
    const again = await completeCardSetup(t, user, setupId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(card);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(1);
  });

  it('a declined card shows "Your card was declined." on the provider page and stores nothing; a good card then works', async () => {
    const user = await signUpUser(t);
    const { setupId, pagePath } = await startCardSetup(t, user);
    const cardsBefore = (await t.db.select().from(sandboxCards)).length;
    const declined = await submitCardForm(t, pagePath, DECLINED);
    expect(declined.statusCode).toBe(422);
    expect(declined.body).toContain('Your card was declined.');
    expect(declined.body).not.toContain('4000 0000 0000 0002"');
    expect(await t.db.select().from(sandboxCards)).toHaveLength(cardsBefore);

    const early = await completeCardSetup(t, user, setupId);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0]).toEqual({
      code: 'SETUP_NOT_COMPLETED',
      message: 'The card was not saved. Your card was declined.',
    });
    expect((await get(t, methodsUrl(user.id), user.cookie)).json().data).toEqual([]);

    expect((await submitCardForm(t, pagePath, MASTERCARD)).statusCode).toBe(303);
    const done = await completeCardSetup(t, user, setupId);
    expect(done.json().data).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: true });
  });

  it.each([
    [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    [{ number: '4242 4242' }, 'Your card number is incomplete.'],
    [{ number: '' }, 'Enter your card number.'],
    [{ expiry: '01 / 20' }, 'Your card&#39;s expiration date is in the past.'],
    [{ expiry: '13 / 30' }, 'Your card&#39;s expiration date is invalid.'],
    [{ expiry: '1' }, 'Your card&#39;s expiration date is incomplete.'],
    [{ cvc: '12' }, 'Your card&#39;s security code is incomplete.'],
    [{ name: ' ' }, 'Enter the name on your card.'],
  ])('the provider page refuses %j with "%s" and saves nothing', async (bad, message) => {
    const user = await signUpUser(t);
    const { setupId, pagePath } = await startCardSetup(t, user);
    const cardsBefore = (await t.db.select().from(sandboxCards)).length;
    const res = await submitCardForm(t, pagePath, { ...VISA, ...bad });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(message);
    expect(res.body).toContain('aria-invalid="true"');
    expect(await t.db.select().from(sandboxCards)).toHaveLength(cardsBefore);
    expect((await completeCardSetup(t, user, setupId)).statusCode).toBe(409);
  });

  it('Cancel on the provider page goes back with redirect_status=failed and completing says so', async () => {
    const user = await signUpUser(t);
    const { setupId, pagePath } = await startCardSetup(t, user);
    const res = await submitCardForm(t, `${pagePath}/cancel`, {});
    expect(res.statusCode).toBe(303);
    expect(new URL(String(res.headers.location)).searchParams.get('redirect_status')).toBe('failed');
    const done = await completeCardSetup(t, user, setupId);
    expect(done.statusCode).toBe(409);
    expect(done.json().errors[0].message).toBe('The card was not saved. Adding the card was cancelled.');
    // The closed page sends the browser back instead of taking a card.
    expect((await submitCardForm(t, pagePath, VISA)).statusCode).toBe(303);
    expect((await completeCardSetup(t, user, setupId)).statusCode).toBe(409);
  });

  it('an unknown provider page is 404 and the provider page refuses a post from another origin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/payments-sandbox/setup/seti_sbx_nope' })).statusCode).toBe(404);
    const user = await signUpUser(t);
    const { pagePath } = await startCardSetup(t, user);
    expect((await submitCardForm(t, pagePath, VISA, 'https://evil.example')).statusCode).toBe(403);
  });

  it('the first card is the default; make default; removing the default promotes the oldest other card', async () => {
    const user = await signUpUser(t);
    const visa = await addCard(t, user, VISA);
    const master = await addCard(t, user, MASTERCARD);
    expect([visa.isDefault, master.isDefault]).toEqual([true, false]);

    const made = await send(t, 'POST', `${methodsUrl(user.id)}/${master.id}/default`, undefined, user);
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ id: master.id, isDefault: true });
    const list = (await get(t, methodsUrl(user.id), user.cookie)).json().data;
    expect(list.map((m: { id: string; isDefault: boolean }) => [m.id, m.isDefault])).toEqual([
      [visa.id, false],
      [master.id, true],
    ]);

    const removed = await send(t, 'DELETE', `${methodsUrl(user.id)}/${master.id}`, undefined, user);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ deleted: true });
    expect((await get(t, methodsUrl(user.id), user.cookie)).json().data).toEqual([{ ...visa, isDefault: true }]);
    // The provider was told to forget the removed card, and only that one.
    const vault = await t.db.select().from(sandboxCards);
    const detached = new Map(vault.map((c) => [c.id, c.detachedAt !== null]));
    const providerIds = new Map(
      (await t.db.select().from(paymentMethods)).map((m) => [m.id, m.providerPaymentMethodId]),
    );
    expect(detached.get(providerIds.get(visa.id) ?? '')).toBe(false);
    expect(vault.filter((c) => c.detachedAt !== null && c.last4 === '4444').length).toBeGreaterThanOrEqual(1);
    expect((await send(t, 'DELETE', `${methodsUrl(user.id)}/${master.id}`, undefined, user)).statusCode).toBe(404);
  });

  it('verification flips with the card: added, verified; removed, not verified (same transaction)', async () => {
    const user = await signUpUser(t);
    await activate(t, user.email);
    for (const type of ['billing', 'shipping'] as const) {
      expect(
        (await send(t, 'POST', `/marketplace-api/users/${user.id}/addresses`, { ...US_ADDRESS, type }, user))
          .statusCode,
      ).toBe(201);
    }
    expect(await storedVerified(t, user.id)).toBe(false);
    const card = await addCard(t, user);
    expect(await storedVerified(t, user.id)).toBe(true);
    expect((await get(t, '/marketplace-api/users/me', user.cookie)).json().data.verified).toBe(true);
    expect((await get(t, `/marketplace-api/users/${user.id}/verification`, user.cookie)).json().data).toMatchObject({
      hasPaymentMethod: true,
      isAccountSetupCompleted: true,
      verified: true,
    });
    await send(t, 'DELETE', `${methodsUrl(user.id)}/${card.id}`, undefined, user);
    expect(await storedVerified(t, user.id)).toBe(false);
    expect((await get(t, '/marketplace-api/users/me', user.cookie)).json().data.verified).toBe(false);
  });

  it("another user's setup or card is 404 under one's own id", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const card = await addCard(t, owner);
    const { setupId, pagePath } = await startCardSetup(t, owner);
    await submitCardForm(t, pagePath, MASTERCARD);
    expect((await completeCardSetup(t, other, setupId)).statusCode).toBe(404);
    expect((await send(t, 'DELETE', `${methodsUrl(other.id)}/${card.id}`, undefined, other)).statusCode).toBe(404);
    expect((await send(t, 'POST', `${methodsUrl(other.id)}/${card.id}/default`, undefined, other)).statusCode).toBe(
      404,
    );
    expect((await get(t, methodsUrl(owner.id), owner.cookie)).json().data).toHaveLength(1);
  });

  describe('every {userId} route: 401 for a visitor, 403 for another user, 403 from another origin', async () => {
    const routes = (userId: string, setupId: string, methodId: string) =>
      [
        ['GET', methodsUrl(userId)],
        ['POST', setupsUrl(userId)],
        ['POST', `${setupsUrl(userId)}/${setupId}/complete`],
        ['POST', `${methodsUrl(userId)}/${methodId}/default`],
        ['DELETE', `${methodsUrl(userId)}/${methodId}`],
      ] as const;

    it('refuses and changes nothing', async () => {
      const owner = await signUpUser(t);
      const other = await signUpUser(t);
      const card = await addCard(t, owner);
      const { setupId } = await startCardSetup(t, owner);
      const before = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, owner.id));
      for (const [method, url] of routes(owner.id, setupId, card.id)) {
        const visitor = method === 'GET' ? await get(t, url) : await send(t, method, url);
        expect([url, visitor.statusCode, visitor.json().errors[0].code]).toEqual([url, 401, 'UNAUTHENTICATED']);
        const stranger =
          method === 'GET' ? await get(t, url, other.cookie) : await send(t, method, url, undefined, other);
        expect([url, stranger.statusCode, stranger.json().errors[0].code]).toEqual([url, 403, 'FORBIDDEN']);
        if (method !== 'GET') {
          const forged = await send(t, method, url, undefined, {
            cookie: owner.cookie,
            origin: 'https://evil.example',
          });
          expect([url, forged.statusCode]).toEqual([url, 403]);
        }
      }
      expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, owner.id))).toEqual(before);
      const [setup] = await t.db.select().from(paymentSetups).where(eq(paymentSetups.id, setupId));
      expect(setup?.status).toBe('pending');
    });
  });

  it('no card number ever reaches our API routes or any table', async () => {
    // By now the tests above have typed every test card on the provider page.
    expect(seenByApi.length).toBeGreaterThan(20);
    for (const digits of CARD_DIGITS) {
      expect(seenByApi.filter((s) => s.replace(/\D/g, '').includes(digits))).toEqual([]);
    }
    const rows = await queryRows<{ name: string }>(
      t.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(rows.length).toBeGreaterThan(20);
    let checked = 0;
    for (const { name } of rows) {
      const [dump] = await queryRows<{ text: string }>(
        t.db,
        sql.raw(`select coalesce(string_agg(t::text, ' '), '') as text from "${name}" t`),
      );
      const digitsOnly = (dump?.text ?? '').replace(/\D/g, '');
      for (const digits of CARD_DIGITS) expect([name, digitsOnly.includes(digits)]).toEqual([name, false]);
      checked++;
    }
    expect(checked).toBe(rows.length);
  });
});
