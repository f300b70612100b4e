import type { Database } from '@lotline/db';
import type { FastifyReply } from 'fastify';
import type { PaymentProvider } from '../payments/provider';
import { documentTitle, renderOrderPdf } from './invoice-pdf';
import type { OrderMailDeps } from './order-mails';
import { type FlagOverrides, type OrderRow, presentOrders } from './present-order';

/** What the orders routes need. */
export interface OrdersDeps extends OrderMailDeps {
  db: Database;
  provider: PaymentProvider;
  featureOverrides: FlagOverrides;
}

/** Answers the order's PDF (inline, named by its number). */
export async function sendOrderPdf(deps: OrdersDeps, row: OrderRow, reply: FastifyReply) {
  const [order] = await presentOrders(deps.db, [row], deps.featureOverrides);
  if (!order) throw new Error(`order ${row.id} could not be presented`);
  const file = await renderOrderPdf(order);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${order.number}-${documentTitle(order).toLowerCase()}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(file);
}
