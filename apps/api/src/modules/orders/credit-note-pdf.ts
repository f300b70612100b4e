import type { Order, OrderRefund } from '@lotline/contracts';
import { formatMoney, formatUtc } from '../../lib/money';
import { renderPdf, row } from './invoice-pdf';

/**
 * A refund's credit note (decision 0062), drawn with the invoice's fonts and rows: the credit note's number, the
 * order it credits, its date (UTC, named), the seller and the buyer, the reason, the amount given back, and the
 * order's totals as they stood once this note was issued (what was paid, refunded so far, kept), so a note
 * downloaded later still reads as it did when it was sent.
 */
export function renderCreditNotePdf(order: Order, refund: OrderRefund): Promise<Buffer> {
  return renderPdf(`Credit note ${refund.number}`, (doc) => draw(doc, order, refund));
}

/** The credit note's file name, e.g. `LL-100042-CN-100001.pdf`. */
export const creditNoteFileName = (order: Pick<Order, 'number'>, refund: Pick<OrderRefund, 'number'>) =>
  `${order.number}-${refund.number}.pdf`;

/** What the succeeded refunds gave back up to and including `refund` (they are listed oldest first). */
export function refundedThrough(order: Pick<Order, 'refunds'>, refund: Pick<OrderRefund, '_id'>): number {
  const upTo = order.refunds.findIndex((r) => r._id === refund._id);
  return order.refunds
    .slice(0, upTo + 1)
    .filter((r) => r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount, 0);
}

function draw(doc: PDFKit.PDFDocument, o: Order, refund: OrderRefund): void {
  const money = (minor: number) => formatMoney(minor, o.currency);
  const refunded = refundedThrough(o, refund);
  doc.font('bold').fontSize(20).text(`Credit note ${refund.number}`);
  doc.font('body').fontSize(10).moveDown(0.5);
  doc.text(`Order: ${o.number}`);
  doc.text(`Date: ${formatUtc(new Date(refund.succeededAt ?? refund.createdAt))}`);
  doc.moveDown();

  doc.font('bold').text('Seller');
  doc.font('body').text(o.seller.name);
  doc.moveDown(0.5);
  doc.font('bold').text('Credited to');
  doc.font('body').text(o.buyer.name).text(o.buyer.email);
  for (const line of o.billingAddress ?? []) doc.text(line);
  doc.moveDown();

  doc.font('bold').text('Reason');
  doc.font('body').text(refund.reason);
  doc.moveDown();

  doc.font('bold');
  row(doc, 'Amount refunded', money(refund.amount));
  doc.font('body').moveDown(0.5);
  row(doc, `Order total (${o.number})`, money(o.total));
  row(doc, 'Paid', money(o.paid));
  row(doc, 'Refunded to date, this note included', `−${money(refunded)}`);
  doc.font('bold');
  row(doc, 'Kept by the seller', money(o.paid - refunded));
  doc.font('body').moveDown();
  doc
    .fontSize(8)
    .text(
      `Amounts in ${o.currency}. This credit note reduces what you paid for order ${o.number}; please quote ${refund.number} with any question.`,
    );
}
