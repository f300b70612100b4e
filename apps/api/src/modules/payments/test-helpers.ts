import type { TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { freshIp, ORIGIN } from '../identity/test-helpers';

/** Helpers for the payments tests: the sandbox provider's page driven as a browser would (form posts, redirects). */

export const VISA = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Pat Buyer' };
export const MASTERCARD = { ...VISA, number: '5555 5555 5555 4444' };
export const DECLINED = { ...VISA, number: '4000 0000 0000 0002' };

export const methodsUrl = (userId: string) => `/marketplace-api/users/${userId}/payment-methods`;
export const setupsUrl = (userId: string) => `/marketplace-api/users/${userId}/payment-setups`;

/** Starts a setup; answers our setup id and the provider page's path. */
export async function startCardSetup(t: TestApp, user: { id: string; cookie: string }) {
  const res = await send(t, 'POST', setupsUrl(user.id), undefined, { cookie: user.cookie });
  if (res.statusCode !== 201) throw new Error(`setup failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { id: string; next: { type: string; url: string } };
  return { setupId: data.id, pagePath: new URL(data.next.url).pathname, data };
}

/** Submits the provider page's form (url-encoded, from the site's origin, as the browser does through the proxy). */
export function submitCardForm(t: TestApp, pagePath: string, fields: Record<string, string>, origin = ORIGIN) {
  return t.app.inject({
    method: 'POST',
    url: pagePath,
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
    payload: new URLSearchParams(fields).toString(),
  });
}

export function completeCardSetup(t: TestApp, user: { id: string; cookie: string }, setupId: string) {
  return send(t, 'POST', `${setupsUrl(user.id)}/${setupId}/complete`, undefined, { cookie: user.cookie });
}

/** The whole journey for one card: start, the provider page, complete. Answers the stored card. */
export async function addCard(t: TestApp, user: { id: string; cookie: string }, card = VISA) {
  const { setupId, pagePath } = await startCardSetup(t, user);
  const page = await submitCardForm(t, pagePath, card);
  if (page.statusCode !== 303) throw new Error(`card form: ${page.statusCode}`);
  const res = await completeCardSetup(t, user, setupId);
  if (res.statusCode !== 201) throw new Error(`complete failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; brand: string; last4: string; isDefault: boolean };
}
