import { randomUUID } from 'node:crypto';
import type { MessageSide, SentMessageResponse } from '@lotline/contracts';
import type { Database } from '@lotline/db';
import { conversations, orderLines, orders } from '@lotline/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { appendMessage } from '../messaging/append-message';
import { selectConversations, toMessage } from '../messaging/conversation-view';
import { type NotifyDeps, notifyOtherSide } from '../messaging/notify';
import { featureOn } from '../platform/get-feature-flags';
import { sellerCompanyIds } from '../sellers/company-members';
import type { FlagOverrides } from './present-order';

/**
 * ORDER_CONVERSATION (issue 15): an order's own message thread between its
 * buyer and the seller company, a conversation of the messaging module keyed
 * by the order (`conversations.order_id`). Either side may write first; the
 * thread is then read and answered like any other (`/account/messages`,
 * `/seller/messages`). With the flag off there is no such thread: 404.
 */
export async function writeOrderMessage(
  deps: NotifyDeps & { db: Database; featureOverrides: FlagOverrides },
  userId: string,
  orderId: string,
  body: string,
): Promise<SentMessageResponse & { created: boolean }> {
  const { db } = deps;
  if (!(await featureOn(db, deps.featureOverrides, 'ORDER_CONVERSATION')))
    throw AppError.notFound('Orders have no message thread.');
  const [order] = await db
    .select({ id: orders.id, buyerUserId: orders.buyerUserId, companyId: orders.companyId, eventId: orders.eventId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const side = order ? await sideOf(db, userId, order) : null;
  if (!order || !side) throw AppError.notFound('No such order.');
  const [line] = await db
    .select({ lotId: orderLines.eventLotId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position))
    .limit(1);

  const { conversationId, created, row } = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(conversations)
      .values({
        id: `cnv_${randomUUID()}`,
        buyerUserId: order.buyerUserId,
        companyId: order.companyId,
        eventId: order.eventId,
        eventLotId: line?.lotId ?? null,
        orderId,
      })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    const id =
      inserted[0]?.id ??
      (
        await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.orderId, orderId), eq(conversations.buyerUserId, order.buyerUserId)))
      )[0]?.id;
    if (!id) throw new AppError('CONFLICT', 'The conversation could not be started. Try again.');
    const message = await appendMessage(tx, id, side, userId, body);
    return { conversationId: id, created: inserted.length > 0, row: message };
  });

  const [view] = await selectConversations(db, eq(conversations.id, conversationId), side, 1);
  if (!view) throw new Error(`Conversation ${conversationId} vanished after it was written`);
  await notifyOtherSide(deps, view, order.buyerUserId, side, body);
  return { conversationId, message: toMessage(row, view), created };
}

async function sideOf(
  db: Database,
  userId: string,
  order: { buyerUserId: string; companyId: string },
): Promise<MessageSide | null> {
  if (order.buyerUserId === userId) return 'buyer';
  return (await sellerCompanyIds(db, userId)).includes(order.companyId) ? 'seller' : null;
}
