import { RESERVE_ACCEPT_DAYS } from '@lotline/domain';

/** Until when the seller may accept a reserve-not-met lot closed at `closedAt` (BIDDING §7). */
export function reserveAcceptDeadline(closedAt: Date): Date {
  return new Date(closedAt.getTime() + RESERVE_ACCEPT_DAYS * 24 * 3600 * 1000);
}
