import { randomUUID } from 'node:crypto';
import { type EventPause, eventPagePath, lotPagePath } from '@lotline/contracts';
import type { Executor, Transaction } from '@lotline/db';
import { eventPauses, events } from '@lotline/db/schema';
import { LOT_STATUS } from '@lotline/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { settingOn } from '../account/notification-settings';
import { recordAudit } from '../audit/record-audit';
import { tenderersOfLotsSql } from '../bidding/sealed-tenders';
import { openPause } from '../event-pauses/event-paused';
import { publishEventChanges, publishLotChanges } from '../live/publish-lot-changes';
import { nextLotChangeSeq } from '../lots/change-lot-status';
import type { MailMessage } from '../mail/mailer';
import { lockEventLots } from '../seller-events/event-locks';
import { eventPausedMail, eventResumedMail, type PausedLot } from './mails';
import type { StaffEventDeps } from './withdraw-lot';

/**
 * Staff pause a published event and resume it (decision 0087). The pause is a row of `event_pauses`, not a
 * status: the event stays `published` and its lots `Active`, and every buyer action reads the open pause under
 * the lock a pause takes (the lot's row, or the event's for a registration), so none that started before the
 * pause commits after it. The resume moves the end of every lot still running at the pause (and the event's
 * end) by the paused time, measured by the database clock.
 */

interface LockedEvent {
  id: string;
  name: string;
  status: string;
  companyId: string;
}

/**
 * The event's row FOR NO KEY UPDATE (a registration's FOR SHARE waits for it; a bid's foreign-key KEY SHARE
 * does not, so a bid holding its lot never waits here), then every lot of the event in id order, as the
 * seller's locked-field check does: a bid, tender, offer or purchase in flight commits first, and any later
 * one reads the change.
 */
async function lockEvent(tx: Executor, eventId: string): Promise<LockedEvent> {
  const [event] = await tx
    .select({ id: events.id, name: events.name, status: events.status, companyId: events.companyId })
    .from(events)
    .where(eq(events.id, eventId))
    .for('no key update');
  if (!event) throw AppError.notFound('No such event.');
  await lockEventLots(tx, eventId);
  return event;
}

export async function pauseEvent(
  deps: StaffEventDeps,
  actorId: string,
  eventId: string,
  reason: string,
): Promise<{ pause: EventPause; notified: number }> {
  const done = await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.status !== 'published') {
      throw new AppError('CONFLICT', `Only a published event can be paused; this one is ${event.status}.`);
    }
    const open = await openPause(tx, eventId);
    if (open) throw new AppError('CONFLICT', `This event is already paused (since ${open.pausedAt}).`);
    const [row] = await tx
      .insert(eventPauses)
      .values({ id: `evp_${randomUUID()}`, eventId, reason, pausedBy: actorId, pausedAt: sql`clock_timestamp()` })
      .returning({ pausedAt: eventPauses.pausedAt });
    if (!row) throw new Error('the pause row was not written');
    const pause = { reason, pausedAt: row.pausedAt.toISOString() };
    const notified = await tell(tx, deps, event, (to, lots) =>
      eventPausedMail(to, { eventName: event.name, reason, url: eventUrl(deps, eventId) }, lots),
    );
    await recordAudit(tx, {
      actorId,
      action: 'event.pause',
      targetType: 'event',
      targetId: eventId,
      before: { status: event.status, paused: false },
      after: { status: event.status, paused: true, reason, pausedAt: pause.pausedAt },
    });
    return { pause, notified };
  });
  // The open pages of its lots stop their clocks (decision 0093): one event-level message, no lot written.
  await publishEventChanges(deps.db, [eventId]);
  return done;
}

export async function resumeEvent(
  deps: StaffEventDeps,
  actorId: string,
  eventId: string,
): Promise<{ shiftedMs: number; lots: number; notified: number }> {
  const done = await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.status === 'finalized') throw new AppError('CONFLICT', 'This event is finalized: nothing to resume.');
    const open = await openPause(tx, eventId);
    if (!open) throw new AppError('CONFLICT', 'This event is not paused.');
    const shift = await closePause(tx, actorId, eventId);
    const moved = await shiftEnds(tx, eventId, shift);
    // Read after the move: each follower's lots with their new ends.
    const notified = await tell(tx, deps, event, (to, lots) =>
      eventResumedMail(to, { eventName: event.name, url: eventUrl(deps, eventId) }, lots),
    );
    await recordAudit(tx, {
      actorId,
      action: 'event.resume',
      targetType: 'event',
      targetId: eventId,
      before: { paused: true, reason: open.reason, pausedAt: open.pausedAt },
      after: { paused: false, shiftedMs: shift.ms, lotsMoved: moved.length },
    });
    return { shiftedMs: shift.ms, lots: moved.map((l) => l.id), notified };
  });
  if (done.lots.length > 0) await publishLotChanges(deps.db, done.lots);
  // Also the lots the resume did not move (their end had passed before the pause): their pages restart too.
  await publishEventChanges(deps.db, [eventId]);
  return { shiftedMs: done.shiftedMs, lots: done.lots.length, notified: done.notified };
}

/** Ends the open pause at the database clock; answers when it began and how long it lasted (ms, rounded). */
async function closePause(tx: Transaction, actorId: string, eventId: string) {
  const [row] = await tx
    .update(eventPauses)
    .set({
      resumedAt: sql`clock_timestamp()`,
      resumedBy: actorId,
      shiftedMs: sql`round(extract(epoch from clock_timestamp() - ${eventPauses.pausedAt}) * 1000)::bigint`,
    })
    .where(and(eq(eventPauses.eventId, eventId), isNull(eventPauses.resumedAt)))
    .returning({ id: eventPauses.id, ms: eventPauses.shiftedMs });
  if (!row) throw new Error('the open pause vanished under the event lock');
  return { id: row.id, ms: Number(row.ms) };
}

/**
 * Moves by the paused time (`resumed_at - paused_at`, exact in the database) the effective and the scheduled end
 * of every scheduled or open lot whose end was still ahead at the pause, and the event's end if it was: the time
 * left at the pause is the time left at the resume. The soft-close cap counts from the scheduled end, so it moves
 * with it (BIDDING §5: an extension never passes the scheduled end + the cap). A lot whose end had passed when
 * the pause began keeps it and closes at the clock's next run. Ends are not a status: the lifecycle is untouched.
 */
async function shiftEnds(tx: Transaction, eventId: string, pause: { id: string }): Promise<{ id: string }[]> {
  const by = sql`(select p.resumed_at - p.paused_at from event_pauses p where p.id = ${pause.id})`;
  const pausedAt = sql`(select p.paused_at from event_pauses p where p.id = ${pause.id})`;
  await tx.execute(sql`update events set end_at = end_at + ${by} where id = ${eventId} and end_at > ${pausedAt}`);
  const result = await tx.execute(sql`update event_lots set ended_at = ended_at + ${by},
      scheduled_end_at = scheduled_end_at + ${by}, change_seq = ${nextLotChangeSeq}, updated_at = now()
    where event_id = ${eventId} and status in (${LOT_STATUS.Pending}, ${LOT_STATUS.Active}) and ended_at > ${pausedAt}
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows;
}

const eventUrl = (deps: StaffEventDeps, eventId: string) => `${deps.publicOrigin}${eventPagePath(eventId)}`;

interface Follower {
  email: string;
  name: string;
  settings: unknown;
  bid: boolean;
  lots: { id: string; number: string; name: string; ended_at: string | null }[] | null;
}

/**
 * The event's approved registrants and the bidders, offerers and tenderers of its scheduled and open lots
 * (always told), and those lots' watchers while their "lot changes" mail is on (decision 0064's rule), never a
 * member of the selling company nor a disabled account; each with the lots that tie them.
 */
async function followersOf(tx: Executor, event: LockedEvent): Promise<Follower[]> {
  const result = await tx.execute(sql`
    with lots as (
      select id, number, name, ended_at from event_lots
      where event_id = ${event.id} and status in (${LOT_STATUS.Pending}, ${LOT_STATUS.Active})
    ), ties(user_id, lot_id, bid) as (
      select user_id, null::text, true from registrations where event_id = ${event.id} and status = 'approved'
      union all select user_id, lot_id, true from lot_bidders where lot_id in (select id from lots)
      union all select buyer_user_id, lot_id, true from offers
        where lot_id in (select id from lots) and status in ('pending', 'countered')
      union all select user_id, lot_id, true from (${tenderersOfLotsSql(sql`select id from lots`)}) as tenderers
      union all select user_id, document_id, false from wishlists
        where document_type = 'event-lot' and document_id in (select id from lots)
    )
    select u.email, u.name, v.value as settings, bool_or(t.bid) as bid,
      (select json_agg(json_build_object('id', l.id, 'number', l.number, 'name', l.name, 'ended_at', l.ended_at)
         order by l.number, l.id)
       from lots l where l.id in (select t2.lot_id from ties t2 where t2.user_id = u.id)) as lots
    from ties t join users u on u.id = t.user_id
      left join user_vars v on v.user_id = u.id and v.key = 'notification_settings'
    where not u.disabled
      and not exists (select 1 from company_members m where m.company_id = ${event.companyId} and m.user_id = u.id)
    group by u.id, u.email, u.name, v.value
    order by u.id`);
  return (result as unknown as { rows: Follower[] }).rows;
}

/**
 * Mails each follower with their lots (the moved ends after a resume), stored in the transaction so the mails
 * leave only if it commits; answers how many were told.
 */
async function tell(
  tx: Transaction,
  deps: StaffEventDeps,
  event: LockedEvent,
  mail: (to: Follower, lots: PausedLot[]) => MailMessage,
): Promise<number> {
  let notified = 0;
  for (const follower of await followersOf(tx, event)) {
    // A commitment is told; a watcher chose whether to hear of a lot's changes (Account Preferences).
    if (!follower.bid && !settingOn(follower.settings, 'lot-changes')) continue;
    const lots = (follower.lots ?? []).map(
      (l): PausedLot => ({
        number: l.number,
        name: l.name,
        endsAt: l.ended_at === null ? null : new Date(l.ended_at),
        url: `${deps.publicOrigin}${lotPagePath(l.id)}`,
      }),
    );
    await deps.mailer.send(mail(follower, lots), { tx });
    notified += 1;
  }
  return notified;
}
