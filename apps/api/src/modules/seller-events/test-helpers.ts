import { EVENT_SETTING_DEFAULTS } from '@lotline/contracts';
import { events } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { send } from '../account/test-helpers';
import { get, signUpUser } from '../identity/test-helpers';
import { sellerOf } from '../messaging/test-helpers';

/** Helpers for the seller-events tests: real sign-ups and routes, from the site's origin. */

export const EVENTS = '/marketplace-api/seller/events';
export const eventPath = (id: string) => `${EVENTS}/${id}`;
const DAY = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A valid event form: two terms, a deposit, default auction settings; attachments are uploads (event-attachments.test.ts). */
export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Houston Plant Closure',
    title: 'Surplus of a Houston chemical plant',
    description: 'Pumps, valves and forklifts.',
    saleFormat: 'auction',
    privateSale: false,
    startAt: daysFromNow(1),
    endAt: daysFromNow(8),
    bidDeposit: { amount: 50_000, currency: 'USD' },
    settings: { incrementTable: null, ...EVENT_SETTING_DEFAULTS },
    terms: [
      { type: 'Payment', text: 'Pay within five days.' },
      { type: 'Removal', text: 'Remove within ten days.' },
    ],
    attachments: [],
    ...overrides,
  };
}

export const houston = { city: 'Houston', region: 'TX', country: 'US', taxRate: 8.25, lat: 29.76, lon: -95.37 };

/** A company with its seller, another company's seller, a buyer, and a visitor (no cookie). */
export async function sellerScene(t: TestApp) {
  const company = await t.make.company();
  const seller = await sellerOf(t, company.id);
  const other = await sellerOf(t, (await t.make.company()).id, 'Otto Other');
  const buyer = await signUpUser(t, { name: 'Bea Buyer' });
  return { company, seller, other, buyer };
}

export type SellerScene = Awaited<ReturnType<typeof sellerScene>>;

/** One app and seller scene per test file, handed to `use` before its tests run. */
export function withSellerScene(use: (t: TestApp, s: SellerScene) => void) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    use(app, await sellerScene(app));
  });
  afterAll(() => app?.close());
}

export type Caller = { cookie: string } | null;
const cookieOf = (who: Caller) => (who ? { cookie: who.cookie } : {});

export const api = {
  get: (t: TestApp, who: Caller, path: string) => get(t, path, who?.cookie),
  post: (t: TestApp, who: Caller, path: string, body?: unknown) => send(t, 'POST', path, body, cookieOf(who)),
  put: (t: TestApp, who: Caller, path: string, body?: unknown) => send(t, 'PUT', path, body, cookieOf(who)),
  delete: (t: TestApp, who: Caller, path: string) => send(t, 'DELETE', path, undefined, cookieOf(who)),
};

/** Creates a draft through the route, as the seller. */
export async function createDraft(t: TestApp, who: Caller, companyId: string, overrides: Record<string, unknown> = {}) {
  const res = await api.post(t, who, EVENTS, { companyId, ...eventBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; status: string };
}

/** The stored event row (to prove a refused request changed nothing). */
export async function storedEvent(t: TestApp, id: string) {
  const [row] = await t.db.select().from(events).where(eq(events.id, id));
  return row;
}

export const codes = (res: { json(): unknown }) =>
  (res.json() as { errors: { code: string; field?: string }[] }).errors.map((e) => `${e.code} ${e.field ?? ''}`.trim());
