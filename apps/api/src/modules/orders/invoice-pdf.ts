import { createRequire } from 'node:module';
import type { Order } from '@lotline/contracts';
import { ORDER_FEE_LABELS, ORDER_STATUS_LABELS } from '@lotline/domain';
import PDFDocument from 'pdfkit';
import { formatMoney, formatUtc } from '../../lib/money';

/**
 * The order's PDF (issue 15, decision 0043), drawn with pdfkit: an invoice
 * (tax with its rate or the exemption's reason, wire instructions when wire
 * is offered) or, for a buy-now order with BUY_NOW_INVOICES off, a receipt
 * (no tax-invoice wording, no wire). DejaVu Sans is embedded (subset) so
 * names outside Latin-1 (Łódź, Ærøskøbing, Ελλάδα) print as written; the
 * built-in PDF fonts would mangle them.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The title the document prints, and its file name's word. */
export function documentTitle(order: Pick<Order, 'document'>): string {
  return order.document === 'invoice' ? 'Invoice' : 'Receipt';
}

export function renderOrderPdf(order: Order): Promise<Buffer> {
  return renderPdf(`${documentTitle(order)} ${order.number}`, (doc) => draw(doc, order));
}

/**
 * An A4 document with the embedded fonts registered as `body` and `bold`,
 * drawn by `draw`, as bytes. The seller's settlement statement draws with it too.
 */
export function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: 'Lotline' } });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

function draw(doc: PDFKit.PDFDocument, o: Order): void {
  const money = (minor: number) => formatMoney(minor, o.currency);
  const invoice = o.document === 'invoice';
  doc
    .font('bold')
    .fontSize(20)
    .text(`${documentTitle(o)} ${o.number}`);
  doc.font('body').fontSize(10).moveDown(0.5);
  doc.text(`Date: ${formatUtc(new Date(o.createdAt))}`);
  doc.text(`Status: ${ORDER_STATUS_LABELS[o.status]}`);
  if (o.paidAt) doc.text(`Paid: ${formatUtc(new Date(o.paidAt))}`);
  doc.moveDown();

  doc.font('bold').text('Seller');
  doc.font('body').text(o.seller.name);
  doc.moveDown(0.5);
  doc.font('bold').text(invoice ? 'Bill to' : 'Buyer');
  doc.font('body').text(o.buyer.name).text(o.buyer.email);
  for (const line of o.billingAddress ?? []) doc.text(line);
  doc.moveDown();

  doc.font('bold').text('Items');
  doc.font('body');
  for (const l of o.lines) row(doc, `${l.name} — ${l.quantity} × ${money(l.unitPrice)}`, money(l.amount));
  doc.moveDown(0.5);
  row(doc, 'Subtotal', money(o.subtotal));
  row(doc, `Buyer's premium (${o.buyersPremiumBps / 100}%)`, money(o.buyersPremium));
  for (const f of o.fees) row(doc, ORDER_FEE_LABELS[f.kind], money(f.amount));
  if (o.taxExempt) row(doc, o.taxExemptReason ?? 'Tax exempt', money(0));
  else row(doc, `${invoice ? 'Sales tax' : 'Tax'} (${o.taxRate}%)`, money(o.tax));
  doc.font('bold');
  row(doc, 'Total', money(o.total));
  doc.font('body');
  if (o.depositApplied > 0) row(doc, 'Deposit applied', `−${money(o.depositApplied)}`);
  doc.font('bold');
  row(doc, 'Amount due', money(o.amountDue));
  doc.font('body').moveDown();

  if (invoice && o.wireInstructions && o.amountDue > 0) {
    doc.font('bold').text('Pay by wire transfer');
    doc.font('body');
    for (const line of o.wireInstructions) doc.text(line);
    doc.moveDown();
  }
  doc
    .fontSize(8)
    .text(
      invoice
        ? `Amounts in ${o.currency}. Please quote ${o.number} with any payment or question.`
        : `Amounts in ${o.currency}. This receipt records your purchase ${o.number}.`,
    );
}

/** A label on the left and an amount right-aligned on the same line. */
export function row(doc: PDFKit.PDFDocument, label: string, amount: string): void {
  const y = doc.y;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.text(label, doc.page.margins.left, y, { width: width - 120 });
  const after = doc.y;
  doc.text(amount, doc.page.margins.left + width - 110, y, { width: 110, align: 'right' });
  doc.x = doc.page.margins.left;
  doc.y = Math.max(after, doc.y);
}
