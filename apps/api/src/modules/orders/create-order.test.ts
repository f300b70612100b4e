import type { Database } from '@lotline/db';
import { eventLots as eventLotsTable, orderFees, orderHistory, orders, taxExemptions, users } from '@lotline/db/schema';

const eventLotsStatus = eventLotsTable.status;

import { createTestDatabase } from '@lotline/db/testing';
import { asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories, uniqueId } from '../../test/factories';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { changeOrder } from './change-order';
import { createOrder, type OrderMailDeps } from './create-order';
import { takeStock } from './stock';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let make: Factories;
let mailDeps: OrderMailDeps;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  make = factories(db);
  mailDeps = { mailer: createOutboxMailer(db, pino({ level: 'silent' })), publicOrigin: 'https://lotline.test' };
});
afterAll(() => handle.cleanup());

async function buyer() {
  const id = uniqueId('u');
  await db.insert(users).values({ id, email: `${id}@example.test`, name: `Buyer ${id}` });
  return id;
}

async function pricedLot(overrides: Parameters<Factories['lot']>[0] = {}) {
  const event = await make.event({ buyersPremiumBps: 1500 });
  const location = await make.location({ eventId: event.id, taxRate: 8.25 });
  return make.lot({
    companyId: event.companyId,
    eventId: event.id,
    dispositionLocationId: location.id,
    type: 'BuyItNowItem',
    buyItNowPrice: 123_456,
    riggingCost: 5000,
    riggingParty: 'buyer',
    loadingCost: 2500,
    loadingParty: 'buyer',
    shippingCost: 9999,
    shippingParty: 'seller',
    ...overrides,
  });
}

const row = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0];

describe('createOrder', () => {
  it('stores the hand-computed totals (premium, fees the buyer pays, tax on all of it) and a numbered invoice', async () => {
    const lot = await pricedLot();
    const buyerId = await buyer();
    const created = await db.transaction((tx) =>
      createOrder(
        tx,
        {
          source: 'buy-now',
          buyerUserId: buyerId,
          lotId: lot.id,
          quantity: 1,
          unitPrice: 123_456,
          approval: 'approved',
        },
        mailDeps,
      ),
    );
    expect(created).toMatchObject({ total: 161_806, amountDue: 161_806, currency: 'USD' });
    expect(created.number).toMatch(/^LL-\d{6,}$/);
    const stored = await row(created.id);
    expect(stored).toMatchObject({
      subtotal: 123_456,
      buyersPremium: 18_518,
      feesTotal: 7500,
      tax: 12_332,
      taxRate: 8.25,
      taxExempt: false,
      status: 'OrderPending',
    });
    const fees = await db
      .select()
      .from(orderFees)
      .where(eq(orderFees.orderId, created.id))
      .orderBy(asc(orderFees.kind));
    expect(fees.map((f) => [f.kind, f.amount])).toEqual([
      ['rigging', 5000],
      ['loading', 2500],
    ]);
  });

  it('charges no tax to a buyer with an active exemption, and says why', async () => {
    const lot = await pricedLot();
    const buyerId = await buyer();
    await db.insert(taxExemptions).values({
      id: uniqueId('tx'),
      userId: buyerId,
      documentType: 'user',
      documentId: buyerId,
      status: 'active',
      region: 'TX',
      fileKey: uniqueId('file'),
      expiresAt: new Date('2099-01-01T00:00:00Z'),
    });
    const created = await db.transaction((tx) =>
      createOrder(
        tx,
        {
          source: 'buy-now',
          buyerUserId: buyerId,
          lotId: lot.id,
          quantity: 1,
          unitPrice: 123_456,
          approval: 'approved',
        },
        mailDeps,
      ),
    );
    const stored = await row(created.id);
    expect(stored).toMatchObject({ tax: 0, taxExempt: true, total: 123_456 + 18_518 + 7500 });
    expect(stored?.taxExemptReason).toContain('TX');
  });

  it("charges the tax of a lot in another region: an exemption is the region's only", async () => {
    const buyerId = await buyer();
    const exemptIn = async (region: string) =>
      db.insert(taxExemptions).values({
        id: uniqueId('tx'),
        userId: buyerId,
        documentType: 'user',
        documentId: buyerId,
        status: 'active',
        region,
        fileKey: uniqueId('file'),
        expiresAt: new Date('2099-01-01T00:00:00Z'),
      });
    // An Ontario certificate (the newest) and a Texas one; lots in Texas, Ontario and Illinois.
    await exemptIn('TX');
    await exemptIn('ON');
    const lotIn = async (region: string, country: 'US' | 'CA') => {
      const event = await make.event({ buyersPremiumBps: 1500 });
      const location = await make.location({ eventId: event.id, taxRate: 10, region, country });
      return make.lot({
        companyId: event.companyId,
        eventId: event.id,
        dispositionLocationId: location.id,
        type: 'BuyItNowItem',
        buyItNowPrice: 10_000,
      });
    };
    const orderFor = async (lotId: string) => {
      const created = await db.transaction((tx) =>
        createOrder(
          tx,
          { source: 'buy-now', buyerUserId: buyerId, lotId, quantity: 1, unitPrice: 10_000, approval: 'approved' },
          mailDeps,
        ),
      );
      return row(created.id);
    };
    // 10,000 + 15% premium = 11,500; 10% tax on it = 1,150.
    expect(await orderFor((await lotIn('TX', 'US')).id)).toMatchObject({ tax: 0, taxExempt: true, total: 11_500 });
    const ontario = await orderFor((await lotIn('ON', 'CA')).id);
    expect(ontario).toMatchObject({ tax: 0, taxExempt: true });
    expect(ontario?.taxExemptReason).toContain('ON');
    expect(await orderFor((await lotIn('IL', 'US')).id)).toMatchObject({
      tax: 1150,
      taxExempt: false,
      taxExemptReason: null,
      total: 12_650,
    });
  });

  it('an auction win moves the lot Sold → OrderPending, allows one live order, and is paid once', async () => {
    const lot = await pricedLot({ type: 'AuctionLot', status: 'Sold' });
    const buyerId = await buyer();
    const input = {
      source: 'auction',
      buyerUserId: buyerId,
      lotId: lot.id,
      quantity: 1,
      unitPrice: 100_000,
      approval: 'approved',
      depositApplied: 50_000,
    } as const;
    const created = await db.transaction((tx) => createOrder(tx, input, mailDeps));
    expect(created.amountDue).toBe(created.total - 50_000);
    await expect(db.transaction((tx) => createOrder(tx, input, mailDeps))).rejects.toThrow();
    expect(await db.transaction((tx) => changeOrder(tx, created.id, 'pay'))).not.toBeNull();
    expect(await db.transaction((tx) => changeOrder(tx, created.id, 'pay'))).toBeNull();
    const history = await db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, created.id))
      .orderBy(asc(orderHistory.id));
    expect(history.map((h) => h.event)).toEqual(['placed', 'approved', 'paid']);
    await expect(
      db.update(orderHistory).set({ note: 'x' }).where(eq(orderHistory.orderId, created.id)),
    ).rejects.toThrow();
  });

  it('takes stock to zero (sold out), never below, and a cancelled order puts the item back on sale', async () => {
    const lot = await pricedLot({ quantity: 2 });
    const buyerId = await buyer();
    expect(await db.transaction((tx) => takeStock(tx, lot.id, 3))).toBe(false);
    expect(await db.transaction((tx) => takeStock(tx, lot.id, 2))).toBe(true);
    const created = await db.transaction((tx) =>
      createOrder(
        tx,
        {
          source: 'buy-now',
          buyerUserId: buyerId,
          lotId: lot.id,
          quantity: 2,
          unitPrice: 1000,
          approval: 'awaiting',
        },
        mailDeps,
      ),
    );
    expect((await row(created.id))?.approvalDueAt).not.toBeNull();
    expect(await db.transaction((tx) => takeStock(tx, lot.id, 1))).toBe(false);
    const [soldOut] = await db
      .select({ status: eventLotsStatus })
      .from(eventLotsTable)
      .where(eq(eventLotsTable.id, lot.id));
    expect(soldOut?.status).toBe('Sold');
    expect(await db.transaction((tx) => changeOrder(tx, created.id, 'reject'))).not.toBeNull();
    const [back] = await db
      .select({ status: eventLotsStatus, quantity: eventLotsTable.quantity })
      .from(eventLotsTable)
      .where(eq(eventLotsTable.id, lot.id));
    expect(back).toEqual({ status: 'Active', quantity: 2 });
    expect((await row(created.id))?.approval).toBe('rejected');
  });
});
