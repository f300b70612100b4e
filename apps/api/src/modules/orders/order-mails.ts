import { type Order, type OrderRefund, orderPagePath } from '@lotline/contracts';
import type { Executor } from '@lotline/db';
import type { Mailer } from '../mail/mailer';
import {
  invoiceReadyMail,
  type OrderMailFacts,
  orderApprovedMail,
  orderPlacedMail,
  orderRejectedMail,
} from '../mail/templates/orders';
import { creditNoteMail } from '../mail/templates/refunds';
import { orderCancelledMail, orderCancelledSellerMail, paymentReminderMail } from '../mail/templates/unpaid-orders';
import { sellerEmails } from '../sellers/company-members';
import { renderCreditNotePdf } from './credit-note-pdf';
import { renderOrderPdf } from './invoice-pdf';
import type { FlagOverrides } from './present-order';

/**
 * The orders' e-mails to the buyer, each stored in the transaction that makes
 * the change (so it exists exactly when the change commits). "Invoice ready"
 * goes out when the order is approved (at creation, or by the seller): the
 * invoice exists from then on; its PDF is attached.
 */
export interface OrderMailDeps {
  mailer: Mailer;
  /** The site's origin, e.g. https://lotline.example (links in e-mails). */
  publicOrigin: string;
  /** The deployment's flag overrides (config.featureOverrides): CAD_WIRE_TRANSFER decides the invoice's wire lines. */
  featureOverrides?: FlagOverrides;
}

function facts(order: Order, publicOrigin: string): OrderMailFacts {
  return {
    to: order.buyer.email,
    name: order.buyer.name,
    number: order.number,
    lotName: order.lines[0]?.name ?? '',
    total: order.total,
    currency: order.currency,
    url: `${publicOrigin}${orderPagePath('buyer', order._id)}`,
  };
}

export async function mailOrderPlaced(tx: Executor, deps: OrderMailDeps, order: Order): Promise<void> {
  const awaitingUntil = order.approval === 'awaiting' && order.approvalDueAt ? new Date(order.approvalDueAt) : null;
  await deps.mailer.send(orderPlacedMail({ ...facts(order, deps.publicOrigin), awaitingUntil }), { tx });
  if (order.approval === 'approved') await mailInvoiceReady(tx, deps, order);
}

export async function mailOrderApproved(tx: Executor, deps: OrderMailDeps, order: Order): Promise<void> {
  await deps.mailer.send(orderApprovedMail(facts(order, deps.publicOrigin)), { tx });
  await mailInvoiceReady(tx, deps, order);
}

/** A rejection (with the seller's reason) or the approval deadline passing (reason null). */
export async function mailOrderRejected(
  tx: Executor,
  deps: OrderMailDeps,
  order: Order,
  reason: string | null,
): Promise<void> {
  await deps.mailer.send(orderRejectedMail({ ...facts(order, deps.publicOrigin), reason }), { tx });
}

async function mailInvoiceReady(tx: Executor, deps: OrderMailDeps, order: Order): Promise<void> {
  // No mail is sent: the PDF (the costly part of an order's creation) is not rendered either.
  if (deps.mailer.kind === 'none') return;
  const pdf = await renderOrderPdf(order);
  await deps.mailer.send(invoiceReadyMail({ ...facts(order, deps.publicOrigin), document: order.document, pdf }), {
    tx,
  });
}

/** The payment window ends within a day (decision 0061): what is due, and by when. */
export async function mailPaymentReminder(tx: Executor, deps: OrderMailDeps, order: Order, dueAt: Date) {
  await deps.mailer.send(paymentReminderMail({ ...facts(order, deps.publicOrigin), due: order.amountDue, dueAt }), {
    tx,
  });
}

/**
 * Cancelled for non-payment (reason null) or by the seller or staff, saying why. The buyer is told; so are the
 * seller's people, unless one of them cancelled it (`by: 'seller'`).
 */
export async function mailOrderCancelled(
  tx: Executor,
  deps: OrderMailDeps,
  order: Order,
  why: { reason: string | null; forfeited: number; by?: 'seller' | 'staff' },
) {
  const cancelled = { ...facts(order, deps.publicOrigin), reason: why.reason, forfeited: why.forfeited };
  await deps.mailer.send(orderCancelledMail(cancelled), { tx });
  if (why.by === 'seller') return;
  const sellerUrl = `${deps.publicOrigin}${orderPagePath('seller', order._id)}`;
  for (const to of await sellerEmails(tx, order.seller._id)) {
    await deps.mailer.send(orderCancelledSellerMail(to, { ...cancelled, sellerUrl }), { tx });
  }
}

/** A refund was given back (decision 0062): the buyer gets its credit note as a PDF. */
export async function mailCreditNote(
  tx: Executor,
  deps: OrderMailDeps,
  order: Order,
  refund: OrderRefund,
  byTransfer: number,
): Promise<void> {
  const pdf = await renderCreditNotePdf(order, refund);
  const { number: creditNote, amount, reason } = refund;
  await deps.mailer.send(
    creditNoteMail({ ...facts(order, deps.publicOrigin), creditNote, amount, reason, byTransfer, pdf }),
    { tx },
  );
}
