import { LOT_STATUS } from '@lotline/domain';
import { pino } from 'pino';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TestApp } from '../../test/app';
import { freshIp, ORIGIN } from '../identity/test-helpers';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { createOrder, type NewOrder } from './create-order';
import { takeStock } from './stock';

/** Helpers for the orders tests: orders made by the purchase path's own code (takeStock + createOrder). */

/** A buy-now item on sale now, with a 15% premium, an 8.25% location and the buyer paying rigging. */
export async function buyNowLot(t: TestApp, overrides: Parameters<TestApp['make']['lot']>[0] = {}) {
  const event = await t.make.event({
    buyersPremiumBps: 1500,
    ...(overrides.companyId ? { companyId: overrides.companyId } : {}),
  });
  const location = await t.make.location({ eventId: event.id, taxRate: 8.25 });
  return t.make.lot({
    companyId: event.companyId,
    eventId: event.id,
    dispositionLocationId: location.id,
    type: 'BuyItNowItem',
    status: LOT_STATUS.Active,
    buyItNowPrice: 10_000,
    quantity: 3,
    riggingCost: 500,
    riggingParty: 'buyer',
    startAt: new Date(Date.now() - 3_600_000),
    endedAt: new Date(Date.now() + 3 * 86_400_000),
    ...overrides,
  });
}

/** What the orders' jobs (the approval deadline) are given in the tests: the outbox mailer, no flag overrides. */
export const orderJobDeps = (t: TestApp) => ({
  db: t.db,
  mailer: createOutboxMailer(t.db, pino({ level: 'silent' })),
  publicOrigin: 'https://lotline.test',
  featureOverrides: {},
});

/** Takes the units and creates the order in one transaction, as the purchase route does. */
export async function buy(
  t: TestApp,
  buyerUserId: string,
  lotId: string,
  options: Partial<Pick<NewOrder, 'approval' | 'document' | 'quantity' | 'depositApplied'>> = {},
) {
  const mail = { mailer: createOutboxMailer(t.db, pino({ level: 'silent' })), publicOrigin: 'https://lotline.test' };
  const quantity = options.quantity ?? 1;
  return t.db.transaction(async (tx) => {
    if (!(await takeStock(tx, lotId, quantity))) throw new Error('no stock');
    return createOrder(
      tx,
      { source: 'buy-now', buyerUserId, lotId, quantity, unitPrice: 10_000, approval: 'approved', ...options },
      mail,
    );
  });
}

export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) } });
}

export function post(t: TestApp, url: string, cookie: string, body?: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': freshIp(),
      cookie,
      ...(key ? { 'idempotency-key': key } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** The text of a PDF, pages joined. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}
