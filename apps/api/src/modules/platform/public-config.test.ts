import { publicConfigResponse } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { latestMailTo, signUpUser } from '../identity/test-helpers';

/** Who moves the money decides the sandbox's pages and what the site tells people (decision 0066). */
describe('GET /marketplace/api/public-config and the sandbox pages', () => {
  let sandbox: TestApp;
  let stripe: TestApp;
  beforeAll(async () => {
    sandbox = await createTestApp();
    stripe = await createTestApp({
      config: { paymentsProvider: 'stripe', stripe: { secretKey: 'sk_test_x', publishableKey: 'pk_test_x' } },
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await stripe?.close();
  });

  const providerOf = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: '/marketplace/api/public-config' });
    expect(res.statusCode).toBe(200);
    return publicConfigResponse.parse(res.json().data).payments.provider;
  };
  const activationMailOf = async (t: TestApp) => {
    const user = await signUpUser(t);
    return (await latestMailTo(t, user.email)) as { text: string; html: string };
  };
  const cardPage = (t: TestApp) => t.app.inject({ method: 'GET', url: '/payments-sandbox/setup/pms_unknown' });

  it('without Stripe (the test config) says sandbox, serves the sandbox card pages and marks every mail', async () => {
    expect(await providerOf(sandbox)).toBe('sandbox');
    const page = await cardPage(sandbox);
    expect([page.statusCode, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    const mail = await activationMailOf(sandbox);
    expect(mail.text.split('\n')[0]).toBe('Test payments: no real money moves');
    expect(mail.html).toContain('Test payments: no real money moves');
  });

  it("with Stripe says stripe and has no sandbox pages at all (the app's own 404), and plain mail", async () => {
    expect(await providerOf(stripe)).toBe('stripe');
    const page = await cardPage(stripe);
    expect(page.statusCode).toBe(404);
    expect(page.json().errors[0].code).toBe('NOT_FOUND');
    const mail = await activationMailOf(stripe);
    expect(mail.text).toMatch(/^Hello /);
    expect(mail.html).not.toContain('Test payments');
  });
});
