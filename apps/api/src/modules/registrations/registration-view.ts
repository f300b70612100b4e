import type { Registration } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { depositHolds, registrations } from '@lotline/db/schema';
import { and, eq, type SQL } from 'drizzle-orm';
import { eventCurrencySql } from './event-currency';

/** The columns a registration is shown from (contract §5), with its standing hold's expiry. */
export const registrationColumns = {
  id: registrations.id,
  userId: registrations.userId,
  eventId: registrations.eventId,
  status: registrations.status,
  depositAmount: registrations.depositAmount,
  depositCurrency: registrations.depositCurrency,
  depositStatus: registrations.depositStatus,
  registeredAt: registrations.registeredAt,
  bidLimitMinor: registrations.bidLimitMinor,
  eventCurrency: eventCurrencySql(registrations.eventId),
  holdStatus: depositHolds.status,
  holdExpiresAt: depositHolds.expiresAt,
};

export function selectRegistrationRows(db: Executor, where: SQL | undefined) {
  return db
    .select(registrationColumns)
    .from(registrations)
    .leftJoin(depositHolds, eq(depositHolds.id, registrations.currentHoldId))
    .where(where);
}

export type RegistrationRow = Awaited<ReturnType<typeof selectRegistrationRows>>[number];

/** Contract §5's shape. `deposit` is null when the event asked none; `expiresAt` while a hold stands for it. */
export function toRegistration(row: RegistrationRow): Registration {
  const standing = row.holdStatus === 'held' || row.holdStatus === 'applied';
  return {
    auctionId: row.eventId,
    status: row.status,
    deposit:
      row.depositAmount === null || row.depositCurrency === null
        ? null
        : {
            amount: row.depositAmount,
            currency: row.depositCurrency,
            status: row.depositStatus,
            expiresAt: standing && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
          },
    registeredAt: row.registeredAt.toISOString(),
    bidLimit: row.bidLimitMinor === null ? null : { amount: row.bidLimitMinor, currency: row.eventCurrency },
  };
}

/** The user's registration for the event, or null. */
export async function findRegistration(db: Executor, userId: string, eventId: string): Promise<Registration | null> {
  const [row] = await selectRegistrationRows(
    db,
    and(eq(registrations.userId, userId), eq(registrations.eventId, eventId)),
  );
  return row ? toRegistration(row) : null;
}
