import { lotPagePath, type StaffWithdrawnLotResponse } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import { eventLots, events, lotWithdrawals } from '@lotline/db/schema';
import { LOT_TRANSITIONS } from '@lotline/domain';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { settingOn } from '../account/notification-settings';
import { recordAudit } from '../audit/record-audit';
import { publishLotChanges } from '../live/publish-lot-changes';
import { changeLotStatus } from '../lots/change-lot-status';
import type { RenewDeps } from '../registrations/renew-deposits';
import { lotWithdrawnMail } from './mails';
import { releaseIdleDeposits } from './release-idle-deposits';

/** What staff event actions need: the database, the mailer, the payment provider (deposit holds), links. */
export type StaffEventDeps = RenewDeps;

interface Follower {
  email: string;
  name: string;
  settings: unknown;
  bid: boolean;
}

/** The lot's bidders and watchers outside the selling company (decision 0064's rule of who is told). */
async function followersOf(tx: Executor, lot: { id: string; companyId: string }): Promise<Follower[]> {
  const result = await tx.execute(sql`
    with ties(user_id, bid) as (
      select user_id, true from lot_bidders where lot_id = ${lot.id}
      union all select buyer_user_id, true from offers where lot_id = ${lot.id}
      union all select user_id, false from wishlists where document_type = 'event-lot' and document_id = ${lot.id}
    )
    select u.email, u.name, v.value as settings, bool_or(t.bid) as bid
    from ties t join users u on u.id = t.user_id
      left join user_vars v on v.user_id = u.id and v.key = 'notification_settings'
    where not exists (select 1 from company_members m where m.company_id = ${lot.companyId} and m.user_id = u.id)
    group by u.id, u.email, u.name, v.value
    order by u.id`);
  return (result as unknown as { rows: Follower[] }).rows;
}

/**
 * Staff withdraw a scheduled or open lot of any company (decision 0081): the lifecycle's `withdraw` moves it to
 * Unsold through the one writer (so of a withdrawal and a close at the same moment exactly one wins: the other
 * finds the status moved and answers 409), the reason is kept for the lot page, its bidders and offerers (and
 * the watchers who keep "lot changes" on) are e-mailed, and the audit entry written, in one transaction. After
 * the commit the live stream is told, and the deposit holds that now cover nothing open are released.
 */
export async function withdrawLot(
  deps: StaffEventDeps,
  actorId: string,
  lotId: string,
  reason: string,
): Promise<StaffWithdrawnLotResponse> {
  const answer = await deps.db.transaction(async (tx) => {
    const [lot] = await tx
      .select({
        id: eventLots.id,
        number: eventLots.number,
        name: eventLots.name,
        status: eventLots.status,
        companyId: eventLots.companyId,
        eventId: eventLots.eventId,
        eventName: events.name,
      })
      .from(eventLots)
      .leftJoin(events, eq(events.id, eventLots.eventId))
      .where(eq(eventLots.id, lotId))
      .for('update', { of: eventLots });
    if (!lot) throw AppError.notFound('No such lot.');
    const moved = await changeLotStatus(tx, lotId, 'withdraw');
    if (!moved.changed) {
      const from = LOT_TRANSITIONS.withdraw.from.join(' or ');
      throw new AppError('CONFLICT', `Only a lot that is ${from} can be withdrawn; this one is ${lot.status}.`);
    }
    const [withdrawal] = await tx
      .insert(lotWithdrawals)
      .values({ lotId, reason, actorId })
      .returning({ withdrawnAt: lotWithdrawals.withdrawnAt });
    if (!withdrawal) throw new Error('the withdrawal row was not written');
    const about = {
      number: lot.number,
      name: lot.name,
      eventName: lot.eventName ?? 'the marketplace',
      url: `${deps.publicOrigin}${lotPagePath(lot.id)}`,
    };
    let notified = 0;
    for (const follower of await followersOf(tx, lot)) {
      // A commitment is told; a watcher chose whether to hear of a lot's changes (Account Preferences).
      if (!follower.bid && !settingOn(follower.settings, 'lot-changes')) continue;
      await deps.mailer.send(lotWithdrawnMail(follower, about, { reason, bid: follower.bid }), { tx });
      notified += 1;
    }
    await recordAudit(tx, {
      actorId,
      action: 'lot.withdraw',
      targetType: 'lot',
      targetId: lotId,
      before: { status: lot.status },
      after: { status: moved.status, reason },
    });
    const lotAnswer = {
      id: lotId,
      status: moved.status,
      withdrawal: { reason, withdrawnAt: withdrawal.withdrawnAt.toISOString() },
    };
    return { answer: { lot: lotAnswer, notified }, eventId: lot.eventId };
  });
  await publishLotChanges(deps.db, [lotId]);
  if (answer.eventId) await releaseNow(deps, answer.eventId);
  return answer.answer;
}

/** The withdrawal stands once committed: a provider that fails now is retried by the sweep, not reported as one. */
export async function releaseNow(deps: StaffEventDeps, eventId: string): Promise<void> {
  try {
    await releaseIdleDeposits(deps, { eventId });
  } catch (error) {
    deps.log.warn({ err: error, eventId }, 'idle deposit holds not released yet; the sweep retries');
  }
}
