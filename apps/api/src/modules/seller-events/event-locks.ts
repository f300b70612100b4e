import type { ApiErrorItem } from '@lotline/contracts';
import { SELLER_EVENT_CODES, type UpdateEventBody } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { bids, eventLots, registrations } from '@lotline/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { tenderCounts } from '../bidding/sealed-tenders';
import type { EventRow } from '../sellers/company-access';
import { eventColumns } from './event-fields';

/**
 * What bidders rely on is locked once an event is out of draft (decision 0049):
 * its end never moves earlier (a bidder plans on it), its start never moves once
 * it has passed (by the database clock), and the sale format, deposit, buyer's
 * premium, payment window and auction settings never change once a buyer has
 * committed (registered, bid, offered, tendered or bought: they committed under
 * those rules, issue 25). A finalized event is over: only its
 * name, title, description, terms and attachments change. Every locked field
 * is named at once.
 */

type Columns = ReturnType<typeof eventColumns>;

/** The deposit as one value: without an amount there is no deposit, whatever the currency column says. */
const deposit = (c: Columns) =>
  c.bidDepositAmount === null ? null : { amount: c.bidDepositAmount, currency: c.bidDepositCurrency };

/** The rules a registered bidder agreed to: [field, label, value]. */
const RULES: [string, string, (c: Columns) => unknown][] = [
  ['saleFormat', 'the sale format', (c) => c.saleFormat],
  ['bidDeposit', 'the bid deposit', deposit],
  ['settings.incrementTable', 'the increment table', (c) => c.incrementTable],
  ['settings.softCloseWindowSeconds', 'the soft-close window', (c) => c.softCloseWindowSeconds],
  ['settings.softCloseExtensionSeconds', 'the soft-close extension', (c) => c.softCloseExtensionSeconds],
  ['settings.softCloseCapSeconds', 'the soft-close cap', (c) => c.softCloseCapSeconds],
  ['settings.staggerIntervalSeconds', 'the stagger interval', (c) => c.staggerIntervalSeconds],
  ['settings.registrationApprovalRequired', 'registration approval', (c) => c.registrationApprovalRequired],
  ['settings.buyersPremiumBps', "the buyer's premium", (c) => c.buyersPremiumBps],
  ['settings.paymentWindowDays', 'the payment window', (c) => c.paymentWindowDays],
  ['settings.tenderAwardDays', 'the tender award window', (c) => c.tenderAwardDays],
];

/** What else a finalized event keeps as it is (its text, terms and attachments stay editable). */
const FINALIZED: [string, string, (c: Columns) => unknown][] = [
  ['privateSale', 'the private-sale flag', (c) => c.privateSale],
  ['startAt', 'the start', (c) => c.startAt.getTime()],
  ['endAt', 'the end', (c) => c.endAt.getTime()],
  ...RULES,
];

/**
 * Locks the event's lots (in id order) so that a
 * bid placed meanwhile, which locks its lot, either committed before the check
 * below sees it or waits until this transaction commits.
 */
export async function lockEventLots(tx: Executor, eventId: string): Promise<void> {
  await tx
    .select({ id: eventLots.id })
    .from(eventLots)
    .where(eq(eventLots.eventId, eventId))
    .orderBy(asc(eventLots.id))
    .for('update');
}

/**
 * Buyers have committed to the event (issue 25): a registration, or a bid, an offer, a tender or an order on one
 * of its lots. Buy-now and offer events have no registrations or bids, and their terms lock all the same.
 */
async function hasBuyersCommitted(tx: Executor, eventId: string): Promise<boolean> {
  const result = (await tx.execute(sql`select
      exists (select 1 from ${registrations} where ${registrations.eventId} = ${eventId})
      or exists (select 1 from ${bids} join ${eventLots} on ${eventLots.id} = ${bids.lotId}
                 where ${eventLots.eventId} = ${eventId})
      or exists (select 1 from offers o join ${eventLots} on ${eventLots.id} = o.lot_id
                 where ${eventLots.eventId} = ${eventId})
      or exists (select 1 from order_lines l join ${eventLots} on ${eventLots.id} = l.event_lot_id
                 where ${eventLots.eventId} = ${eventId}) as committed`)) as unknown as {
    rows: { committed: boolean }[];
  };
  if (result.rows[0]?.committed === true) return true;
  // Tenders are read only through sealed-tenders.ts (decision 0047): a count reveals no amount.
  const lots = await tx.select({ id: eventLots.id }).from(eventLots).where(eq(eventLots.eventId, eventId));
  const tenders = await tenderCounts(
    tx,
    lots.map((l) => l.id),
  );
  return [...tenders.values()].some((n) => n > 0);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const capital = (label: string) => `${label[0]?.toUpperCase()}${label.slice(1)}`;

/**
 * Throws 409 EVENT_LOCKED naming every locked field the body would change; a draft is never locked.
 * Call it holding the event row `FOR UPDATE` (a registration reads it `FOR SHARE`, so the two serialise).
 */
export async function assertEditable(tx: Executor, event: EventRow, body: UpdateEventBody, now: Date): Promise<void> {
  if (event.status === 'draft') return;
  const next = eventColumns(body, event);
  const problems: ApiErrorItem[] = [];
  const locked = (field: string, message: string) => problems.push({ code: SELLER_EVENT_CODES.locked, field, message });
  const changed = (rules: typeof RULES) => rules.filter(([, , value]) => !same(value(next), value(event)));
  if (event.status === 'finalized') {
    for (const [field, label] of changed(FINALIZED)) {
      locked(field, `${capital(label)} cannot change: the event is finalized.`);
    }
  } else {
    if (next.endAt.getTime() < event.endAt.getTime()) {
      locked('endAt', 'The end cannot move earlier once the event is published: bidders plan on it.');
    }
    if (next.startAt.getTime() !== event.startAt.getTime() && event.startAt.getTime() <= now.getTime()) {
      locked('startAt', 'The start cannot move once it has passed.');
    }
    const rules = changed(RULES);
    if (rules.length > 0) {
      await lockEventLots(tx, event.id);
      if (await hasBuyersCommitted(tx, event.id)) {
        for (const [field, label] of rules) {
          locked(
            field,
            `${capital(label)} cannot change: buyers have already registered, bid, offered, tendered or bought under it.`,
          );
        }
      }
    }
  }
  const [first, ...more] = problems;
  if (first) throw new AppError(first.code, first.message, { status: 409, field: first.field, more });
}

/** A finalized event's locations stay as they are: its sales were taxed by them (409 EVENT_LOCKED). */
export function assertLocationsEditable(event: EventRow): void {
  if (event.status !== 'finalized') return;
  throw new AppError(SELLER_EVENT_CODES.locked, 'The locations cannot change: the event is finalized.', {
    status: 409,
    field: 'locations',
  });
}
