import { LOT_OUTCOME_LABELS, type SellerResultRow } from '@lotline/contracts';

/**
 * The results as CSV (RFC 4180, CRLF, a header row), one line per results
 * row; the net payout and what it deducts (decision 0078) after what the
 * buyer paid. Amounts are decimals in the row's currency (1234.50), so a
 * spreadsheet reads them as numbers. A cell that a spreadsheet would run as a
 * formula (starting with = + - @, tab or CR) gets a leading apostrophe:
 * lot names and buyer names are other people's text.
 */
const HEADER = [
  'Lot number',
  'Lot',
  'Type',
  'Outcome',
  'Winner',
  'Winner e-mail',
  'Quantity',
  'High bid',
  'Hammer',
  "Buyer's premium",
  'Tax',
  'Fees',
  'Total',
  'Paid',
  'Refunded',
  'Outstanding',
  'Commission rate (bps)',
  'Commission',
  'Seller fees',
  'Net payout',
  'Currency',
  'Order',
  'Order status',
];

/** Minor units as a plain decimal of the currency's digits (JPY 0, USD 2). */
export function decimalAmount(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits as number;
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** A cell, guarded against formula injection and quoted when it must be. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function resultsCsv(rows: SellerResultRow[]): string {
  const lines = rows.map((r) => {
    const money = (minor: number | null) => (minor === null ? '' : decimalAmount(minor, r.currency));
    return [
      r.number,
      r.name,
      r.type,
      LOT_OUTCOME_LABELS[r.outcome],
      r.winner?.name ?? '',
      r.winner?.email ?? '',
      r.quantity === null ? '' : String(r.quantity),
      money(r.highBid),
      money(r.hammer),
      money(r.buyersPremium),
      money(r.tax),
      money(r.fees),
      money(r.total),
      money(r.paid),
      money(r.refunded),
      money(r.outstanding),
      r.commissionBps === null ? '' : String(r.commissionBps),
      money(r.commission),
      money(r.sellerFees),
      money(r.netPayout),
      r.currency,
      r.order?.number ?? '',
      r.order?.status ?? '',
    ];
  });
  return `${[HEADER, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
