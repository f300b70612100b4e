import type { OfferView } from '@lotline/contracts';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/sign-in';

/** Helpers for the best-offer specs: the demo offers (demoOffers, decision 0046) read through the API. */

/** A signed-in API context for a demo person (same origin, as the browser's requests are). */
export async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await context.post('/marketplace-api/auth/sign-in', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** The same, or null when the person cannot sign in (a company with no seller user). */
export async function signedInAs(baseURL: string, email: string): Promise<APIRequestContext | null> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await context.post('/marketplace-api/auth/sign-in', { data: { email, password: DEMO_PASSWORD } });
  if (res.status() === 200) return context;
  await context.dispose();
  return null;
}

export async function userIdOf(context: APIRequestContext): Promise<string> {
  const res = await context.get('/marketplace-api/users/me');
  return (await res.json()).data.id as string;
}

/** bidder3's offers, and the seller whose items they are on (every demo offer is on one featured seller's items). */
export async function buyerOffers(context: APIRequestContext) {
  const userId = await userIdOf(context);
  const res = await context.get(`/marketplace-api/users/${userId}/offers`);
  expect(res.status()).toBe(200);
  const offers = (await res.json()).data.offers as OfferView[];
  return { userId, offers };
}

export const sellerEmailOf = (offer: OfferView) => `seller-${offer.seller.slug}@example.com`;

/** Whole currency units as a person types them ("640"), from minor units. */
export const typed = (minor: number) => String(Math.floor(minor / 100));
