import type { Database } from '@lotline/db';
import { eventLots, lotBidders, mailOutbox, users, userVars } from '@lotline/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { type Factories, factories, uniqueId } from '../../test/factories';
import { createOutboxMailer } from '../mail/outbox-mailer';
import type { ClosingDeps } from './closing-deps';

/** Test data for the closing clock: users, standing bidders on a lot, and what the clock wrote. */
export function closingFixtures(db: Database) {
  const make: Factories = factories(db);
  const deps: ClosingDeps = {
    mailer: createOutboxMailer(db, pino({ level: 'silent' })),
    publicOrigin: 'https://lotline.test',
  };

  async function user(overrides: { wantsWon?: boolean } = {}) {
    const id = uniqueId('u');
    const [row] = await db
      .insert(users)
      .values({ id, email: `${id}@example.test`, name: `Name ${id}` })
      .returning();
    if (overrides.wantsWon === false) {
      await db.insert(userVars).values({ userId: id, key: 'notification_settings', value: { won: false } });
    }
    return row as typeof users.$inferSelect;
  }

  /** An auction lot with these bidders (maxima in minor units); the first leads unless `leader` says otherwise. */
  async function auctionWithBids(
    maxima: number[],
    lot: Parameters<Factories['lot']>[0] = {},
    options: { reserveMet?: boolean | null; wantsWon?: boolean } = {},
  ) {
    const bidders = [];
    for (const [i] of maxima.entries()) bidders.push(await user(i === 0 ? { wantsWon: options.wantsWon } : {}));
    const price = maxima.length > 1 ? (maxima[1] as number) + 100 : (maxima[0] ?? null);
    const created = await make.lot({
      leaderUserId: bidders[0]?.id ?? null,
      currentBidAmount: price,
      bidsCount: maxima.length,
      reserveMet: options.reserveMet ?? null,
      ...lot,
    });
    for (const [i, bidder] of bidders.entries()) {
      await db.insert(lotBidders).values({
        lotId: created.id,
        userId: bidder.id,
        pseudonym: i + 1,
        maxAmount: maxima[i] as number,
        maxSetAt: new Date(),
        lastBidAmount: maxima[i] as number,
        bidsCount: 1,
      });
    }
    return { lot: created, bidders };
  }

  /** The closing e-mails (won, lost, reserve not met) to these people; the winner's order e-mails are the orders module's. */
  async function mailsTo(emails: string[]) {
    if (emails.length === 0) return [];
    const rows = await db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, emails))
      .orderBy(asc(mailOutbox.to));
    return rows.filter((m) => !ORDER_MAIL.test(m.subject));
  }

  /** The order e-mails of these people (order placed, its invoice), e.g. the winner's after a sale. */
  async function orderMailsTo(emails: string[]) {
    if (emails.length === 0) return [];
    const rows = await db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, emails));
    return rows.filter((m) => ORDER_MAIL.test(m.subject)).map((m) => m.subject);
  }

  async function lotRow(id: string) {
    const [row] = await db.select().from(eventLots).where(eq(eventLots.id, id));
    if (!row) throw new Error(`no lot ${id}`);
    return row;
  }

  return { make, deps, user, auctionWithBids, mailsTo, orderMailsTo, lotRow };
}

/** Subjects of the orders module's e-mails ("Order LL-100001 placed", "Your invoice for order LL-100001"). */
const ORDER_MAIL = /\border LL-\d+/i;

/** A moment `seconds` from now (negative: in the past), for test data only. */
export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
