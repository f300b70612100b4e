import type { ApiErrorItem } from '@lotline/contracts';
import { SELLER_EVENT_CODES, type UpdateEventBody } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { bids, eventLots, registrations } from '@lotline/db/schema';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { EventRow } from '../sellers/company-access';
import { eventColumns } from './event-fields';

/**
 * What bidders rely on is locked once an event is out of draft (decision 0049):
 * its end never moves earlier (a bidder plans on it), its start never moves once
 * it has passed (by the database clock), and the sale format, deposit and
 * auction settings never change once a bidder has bid or registered (they bid
 * and registered under those rules). Every locked field is named at once.
 */

/** The columns that change the rules a registered bidder agreed to. */
const RULE_COLUMNS = [
  ['saleFormat', 'saleFormat', 'the sale format'],
  ['bidDepositAmount', 'bidDeposit', 'the bid deposit'],
  ['bidDepositCurrency', 'bidDeposit', 'the bid deposit'],
  ['incrementTable', 'settings.incrementTable', 'the increment table'],
  ['softCloseWindowSeconds', 'settings.softCloseWindowSeconds', 'the soft-close window'],
  ['softCloseExtensionSeconds', 'settings.softCloseExtensionSeconds', 'the soft-close extension'],
  ['softCloseCapSeconds', 'settings.softCloseCapSeconds', 'the soft-close cap'],
  ['staggerIntervalSeconds', 'settings.staggerIntervalSeconds', 'the stagger interval'],
  ['registrationApprovalRequired', 'settings.registrationApprovalRequired', 'registration approval'],
  ['buyersPremiumBps', 'settings.buyersPremiumBps', "the buyer's premium"],
  ['paymentWindowDays', 'settings.paymentWindowDays', 'the payment window'],
  ['tenderAwardDays', 'settings.tenderAwardDays', 'the tender award window'],
] as const;

/** Bidders have committed to the event: a bid on one of its lots, or a registration. */
async function hasBiddersCommitted(tx: Executor, eventId: string): Promise<boolean> {
  const result = (await tx.execute(sql`select
      exists (select 1 from ${bids} join ${eventLots} on ${eventLots.id} = ${bids.lotId}
              where ${eventLots.eventId} = ${eventId})
      or exists (select 1 from ${registrations} where ${registrations.eventId} = ${eventId}) as committed`)) as unknown as {
    rows: { committed: boolean }[];
  };
  return result.rows[0]?.committed === true;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Throws 409 EVENT_LOCKED naming every locked field the body would change; a draft is never locked. */
export async function assertEditable(tx: Executor, event: EventRow, body: UpdateEventBody, now: Date): Promise<void> {
  if (event.status === 'draft') return;
  const next = eventColumns(body);
  const problems: ApiErrorItem[] = [];
  const locked = (field: string, message: string) => problems.push({ code: SELLER_EVENT_CODES.locked, field, message });
  if (next.endAt.getTime() < event.endAt.getTime()) {
    locked('endAt', 'The end cannot move earlier once the event is published: bidders plan on it.');
  }
  if (next.startAt.getTime() !== event.startAt.getTime() && event.startAt.getTime() <= now.getTime()) {
    locked('startAt', 'The start cannot move once it has passed.');
  }
  const changed = RULE_COLUMNS.filter(([column]) => !same(next[column], event[column]));
  if (changed.length > 0 && (await hasBiddersCommitted(tx, event.id))) {
    const seen = new Set<string>();
    for (const [, field, label] of changed) {
      if (seen.has(field)) continue;
      seen.add(field);
      locked(
        field,
        `${label[0]?.toUpperCase()}${label.slice(1)} cannot change: bidders have already bid or registered under it.`,
      );
    }
  }
  const [first, ...more] = problems;
  if (first) throw new AppError(first.code, first.message, { status: 409, field: first.field, more });
}
