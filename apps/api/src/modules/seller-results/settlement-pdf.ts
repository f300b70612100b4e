import { LOT_OUTCOME_LABELS, type SellerResultRow, type SellerResultTotals } from '@lotline/contracts';
import { commissionRateLabel, ORDER_STATUS_LABELS } from '@lotline/domain';
import { formatMoney, formatUtc } from '../../lib/money';
import { renderPdf, row } from '../orders/invoice-pdf';
import type { EventResults } from './read-event-results';

/**
 * The settlement statement of a closed event (decision 0053): what the
 * seller is owed. The company, the event and its period, one line per lot
 * (its outcome; for a sale the buyer, the order and its payment status, and
 * its net payout, with the line's hammer, premium, tax, commission, seller fees
 * and refunds under it), then per currency the sums, what the buyers paid and
 * still owe, and the net payout: paid less tax and premium (the marketplace's),
 * commission, seller fees and refunds (decision 0078). Drawn with the
 * invoice's fonts and row layout (DejaVu Sans embedded: any name prints as
 * written).
 */

/** The statement's number: the event and the database clock's minute it was generated, so it is traceable. */
export function statementNumber(eventId: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return `ST-${eventId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)
    .toUpperCase()}-${stamp}`;
}

export function renderSettlementPdf(results: EventResults): Promise<Buffer> {
  const number = statementNumber(results.event._id, results.generatedAt);
  return renderPdf(`Settlement statement ${number}`, (doc) => draw(doc, results, number));
}

/** A sale's figures, under its line: hammer, premium, tax, commission (and its rate), seller fees, refunded. */
export function lotDetail(r: SellerResultRow): string | null {
  if (r.netPayout === null) return null;
  const money = (minor: number | null) => formatMoney(minor ?? 0, r.currency);
  const rate = commissionRateLabel(r.commissionBps ?? 0);
  return [
    `Hammer ${money(r.hammer)}`,
    `Premium ${money(r.buyersPremium)}`,
    `Tax ${money(r.tax)}`,
    `Commission (${rate}) ${money(r.commission)}`,
    `Seller fees ${money(r.sellerFees)}`,
    `Refunded ${money(r.refunded)}`,
  ].join(' · ');
}

/** One lot's line: number, name, outcome, and for a sale the buyer and the order. */
export function lotLine(r: SellerResultRow): string {
  const parts = [`${r.number} ${r.name}`, LOT_OUTCOME_LABELS[r.outcome]];
  if (r.winner) parts.push(r.winner.name);
  if (r.order) parts.push(`${r.order.number} (${ORDER_STATUS_LABELS[r.order.status]})`);
  return parts.join(' · ');
}

function draw(doc: PDFKit.PDFDocument, results: EventResults, number: string): void {
  const { event } = results;
  doc.font('bold').fontSize(20).text(`Settlement statement ${number}`);
  doc.font('body').fontSize(10).moveDown(0.5);
  doc.text(`Generated: ${formatUtc(results.generatedAt)}`);
  doc.text(`Seller: ${event.companyName}`);
  doc.text(`Event: ${event.name} — ${event.title}`);
  doc.text(`Period: ${formatUtc(new Date(event.startAt))} to ${formatUtc(new Date(event.endAt))}`);
  doc.moveDown();

  doc.font('bold').text('Lots');
  doc.font('body');
  for (const r of results.rows) {
    row(doc, lotLine(r), r.netPayout === null ? '—' : formatMoney(r.netPayout, r.currency));
    const detail = lotDetail(r);
    if (detail) doc.fontSize(8).text(detail).fontSize(10);
  }
  doc.moveDown();

  for (const t of results.totals) totals(doc, t);
  doc
    .fontSize(8)
    .text(
      "Net payout: what the buyers paid less the tax (the marketplace remits it), the buyer's premium (the marketplace's), " +
        'each less its share a refund gave back, the commission on the hammer or price, the fees the seller pays and ' +
        'refunds; nothing is owed until an order is paid. ' +
        'Cancelled orders count for nothing. ' +
        `Please quote ${number} with any question.`,
    );
}

function totals(doc: PDFKit.PDFDocument, t: SellerResultTotals): void {
  const money = (minor: number) => formatMoney(minor, t.currency);
  doc.font('bold').text(`Totals in ${t.currency}`);
  doc.font('body');
  row(doc, 'Lots sold', String(t.lotsSold));
  row(doc, 'Lots not sold', String(t.lotsUnsold));
  row(doc, 'Hammer', money(t.hammer));
  row(doc, "Buyer's premium", money(t.buyersPremium));
  row(doc, 'Fees paid by buyers', money(t.fees));
  row(doc, 'Tax collected', money(t.tax));
  row(doc, 'Total sales', money(t.total));
  row(doc, 'Paid by buyers', money(t.paid));
  row(doc, 'Refunded to buyers', money(t.refunded));
  row(doc, 'Outstanding', money(t.outstanding));
  row(doc, 'Commission', money(t.commission));
  row(doc, 'Fees paid by the seller', money(t.sellerFees));
  doc.font('bold');
  row(doc, 'Net payout', money(t.netPayout));
  doc.font('body').moveDown();
}
