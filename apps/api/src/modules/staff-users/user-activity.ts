import { STAFF_USER_ACTIVITY_LIMIT, type StaffUserActivity } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import {
  bids,
  companies,
  conversations,
  eventLots,
  events,
  messages,
  orders,
  registrations,
  users,
} from '@lotline/db/schema';
import { count, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { computeVerification } from '../account/verification';

const LIMIT = STAFF_USER_ACTIVITY_LIMIT;
const iso = (d: Date) => d.toISOString();
const totalOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/**
 * One person's activity for the staff user page (decision 0075): the verification steps as the account page
 * computes them, and the newest registrations, bids (their own `bid` rows, not the system's `auto` answers),
 * orders and conversations, each with its total. Read only.
 */
export async function readStaffUserActivity(db: Executor, userId: string): Promise<StaffUserActivity> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('No such user.');
  const ownBids = sql`${bids.userId} = ${userId} and ${bids.kind} = 'bid'`;
  const [verification, registrationRows, bidRows, orderRows, conversationRows, totals] = await Promise.all([
    computeVerification(db, userId),
    db
      .select({
        _id: registrations.id,
        eventId: registrations.eventId,
        eventTitle: events.title,
        status: registrations.status,
        bidLimitMinor: registrations.bidLimitMinor,
        currency: sql<string | null>`coalesce(${registrations.depositCurrency}, ${events.bidDepositCurrency})`,
        registeredAt: registrations.registeredAt,
      })
      .from(registrations)
      .innerJoin(events, eq(events.id, registrations.eventId))
      .where(eq(registrations.userId, userId))
      .orderBy(desc(registrations.registeredAt), desc(registrations.id))
      .limit(LIMIT),
    db
      .select({
        _id: bids.id,
        lotId: bids.lotId,
        lotTitle: eventLots.name,
        amount: bids.amount,
        maxAmount: bids.maxAmount,
        currency: eventLots.currency,
        at: bids.createdAt,
      })
      .from(bids)
      .innerJoin(eventLots, eq(eventLots.id, bids.lotId))
      .where(ownBids)
      .orderBy(desc(bids.seq))
      .limit(LIMIT),
    db
      .select({
        _id: orders.id,
        number: orders.number,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.buyerUserId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(LIMIT),
    db
      .select({
        _id: conversations.id,
        companyName: sql<string>`coalesce(${companies.displayName}, ${companies.name})`,
        messages: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id})`,
        lastMessageAt: conversations.lastMessageAt,
      })
      .from(conversations)
      .innerJoin(companies, eq(companies.id, conversations.companyId))
      .where(eq(conversations.buyerUserId, userId))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(LIMIT),
    Promise.all([
      totalOf(db.select({ n: count() }).from(registrations).where(eq(registrations.userId, userId))),
      totalOf(db.select({ n: count() }).from(bids).where(ownBids)),
      totalOf(db.select({ n: count() }).from(orders).where(eq(orders.buyerUserId, userId))),
      totalOf(db.select({ n: count() }).from(conversations).where(eq(conversations.buyerUserId, userId))),
    ]),
  ]);
  const [registrationTotal, bidTotal, orderTotal, conversationTotal] = totals;
  return {
    verification,
    registrations: {
      total: registrationTotal,
      items: registrationRows.map((r) => ({ ...r, registeredAt: iso(r.registeredAt) })),
    },
    bids: { total: bidTotal, items: bidRows.map((b) => ({ ...b, at: iso(b.at) })) },
    orders: { total: orderTotal, items: orderRows.map((o) => ({ ...o, createdAt: iso(o.createdAt) })) },
    conversations: {
      total: conversationTotal,
      items: conversationRows.map((c) => ({ ...c, lastMessageAt: iso(c.lastMessageAt) })),
    },
  };
}
