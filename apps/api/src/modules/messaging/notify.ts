import type { MessageSide } from '@lotline/contracts';
import { messageThreadPath } from '@lotline/contracts/page-paths';
import type { Executor } from '@lotline/db';
import { users } from '@lotline/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { wantsNotification } from '../account/notification-settings';
import type { Mailer } from '../mail/mailer';
import { newMessageMail } from '../mail/templates/new-message';
import { sellerEmails } from '../sellers/company-members';
import { aboutLine, type ConversationView } from './conversation-view';

export interface NotifyDeps {
  db: Executor;
  mailer: Mailer;
  publicOrigin: string;
  log: FastifyBaseLogger;
}

/**
 * Tells the other side of a new message by e-mail: the buyer when the seller
 * wrote (unless the buyer turned off "When a seller answers my message"),
 * each seller user of the company when the buyer did (the preferences offer
 * sellers no such setting: a buyer's question is their work). The message is
 * already stored; a mail that fails is logged and does not undo it.
 */
export async function notifyOtherSide(
  deps: NotifyDeps,
  view: ConversationView,
  buyerUserId: string,
  side: MessageSide,
  body: string,
): Promise<void> {
  const about = aboutLine(view);
  let recipients: { email: string; name: string }[];
  let from: string;
  let url: string;
  if (side === 'buyer') {
    recipients = await sellerEmails(deps.db, view.company._id);
    from = view.buyer.name;
    url = `${deps.publicOrigin}${messageThreadPath('seller', view._id)}`;
  } else {
    if (!(await wantsNotification(deps.db, buyerUserId, 'messages'))) return;
    recipients = await deps.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, buyerUserId));
    from = view.company.name;
    url = `${deps.publicOrigin}${messageThreadPath('buyer', view._id)}`;
  }
  for (const to of recipients) {
    try {
      await deps.mailer.send(newMessageMail({ to, about, from, body, url }));
    } catch (err) {
      deps.log.error({ err, conversationId: view._id }, 'the new-message e-mail could not be sent');
    }
  }
}
