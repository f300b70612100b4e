import { LOT_OUTCOME_LABELS, type SellerResultRow, type SellerResultTotals } from '@lotline/contracts';
import { ORDER_STATUS_LABELS } from '@lotline/domain';
import { formatMoney, formatUtc } from '../../lib/money';
import { renderPdf, row } from '../orders/invoice-pdf';
import type { EventResults } from './read-event-results';

/**
 * The settlement statement of a closed event (decision 0053): what the
 * seller is owed. The company, the event and its period, one line per lot
 * (its outcome; for a sale the buyer, the order and its payment status, and
 * the order's total), then per currency the sums, what the buyers paid and
 * what they still owe. No commission is charged, and the statement says so:
 * the seller is owed everything collected. Drawn with the invoice's fonts
 * and row layout (DejaVu Sans embedded: any name prints as written).
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
  for (const r of results.rows) row(doc, lotLine(r), r.total === null ? '—' : formatMoney(r.total, r.currency));
  doc.moveDown();

  for (const t of results.totals) totals(doc, t);
  doc
    .fontSize(8)
    .text(
      'No commission is charged: the seller is owed everything the buyers paid, less refunds. Cancelled orders count for nothing. ' +
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
  row(doc, 'Commission', money(0));
  row(doc, 'Paid by buyers', money(t.paid));
  row(doc, 'Refunded to buyers', money(t.refunded));
  row(doc, 'Outstanding', money(t.outstanding));
  doc.font('bold');
  row(doc, 'Owed to the seller', money(t.owed));
  doc.font('body').moveDown();
}
