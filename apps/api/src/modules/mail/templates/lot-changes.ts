import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/** Why someone hears of a lot's change, strongest tie first (decision 0064). */
export const FOLLOW_REASONS = ['bought', 'tendered', 'offered', 'bid', 'watch'] as const;
export type FollowReason = (typeof FOLLOW_REASONS)[number];

const BECAUSE: Record<FollowReason, string> = {
  bought: 'you bought it',
  tendered: 'you tendered on it',
  offered: 'you made an offer on it',
  bid: 'you bid on it',
  watch: 'it is on your watchlist',
};

const CHANGED: Record<string, string> = {
  description: 'the name or description',
  details: 'other details',
  photos: 'the photos',
  documents: 'the documents',
};

/** "a", "a and b", "a, b and c". */
function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A published lot changed after people bid on, offered on, tendered on, bought or watched it. */
export function lotChangedMail(
  to: { email: string; name: string },
  lot: { number: string; name: string; eventName: string; url: string; open: boolean },
  facts: { changes: readonly string[]; reason: FollowReason },
): MailMessage {
  const what = listed(facts.changes.map((c) => CHANGED[c] ?? c));
  return mailWithAction(
    to.email,
    `Lot ${lot.number} “${lot.name}” has changed`,
    to.name,
    [
      `The seller changed ${what} of lot ${lot.number} “${lot.name}” in ${lot.eventName}.`,
      `You are told because ${BECAUSE[facts.reason]}.`,
      lot.open
        ? 'Please read the lot again before you bid, offer or buy: the page shows it as it is now.'
        : 'The lot’s page shows it as it is now.',
    ],
    ['View the lot', lot.url],
  );
}
