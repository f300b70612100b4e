import { lotPagePath, orderPagePath } from '@lotline/contracts/page-paths';
import type { Executor } from '@lotline/db';
import { wantsNotification } from '../account/notification-settings';
import { decideTenders } from '../bidding/sealed-tenders';
import { tenderAwardedMail, tenderNotAwardedMail } from '../mail/templates/tenders';
import type { TenderDeps } from './put-tender';

export interface DecidedLot {
  id: string;
  number: string;
  name: string;
  currency: string;
}

/**
 * Records the lot's decision on its tenders and tells every tenderer, in the
 * caller's transaction: the awarded one "awarded" (with the order's link;
 * they may turn it off with "When I win a lot"), every other "not awarded"
 * with their own amount only. A tender decided before is not told again.
 */
export async function announceOutcome(
  tx: Executor,
  deps: Omit<TenderDeps, 'db'>,
  lot: DecidedLot,
  award: { tenderId: string; orderId: string } | null,
): Promise<void> {
  const decided = await decideTenders(tx, lot.id, award?.tenderId ?? null);
  const about = { ...lot, url: `${deps.publicOrigin}${lotPagePath(lot.id)}` };
  for (const tender of decided) {
    const to = { email: tender.bidderEmail, name: tender.bidderName };
    const amount = tender.amount ?? 0;
    if (award && tender.id === award.tenderId) {
      if (!(await wantsNotification(tx, tender.userId, 'won'))) continue;
      const orderUrl = `${deps.publicOrigin}${orderPagePath('buyer', award.orderId)}`;
      await deps.mailer.send(tenderAwardedMail(to, about, amount, orderUrl), { tx });
    } else {
      await deps.mailer.send(tenderNotAwardedMail(to, about, amount), { tx });
    }
  }
}
