/** The staff money pages (decision 0079): payouts to sellers, refunds across orders, the marketplace's revenue. */
export const STAFF_PAYOUTS_PATH = '/staff/payouts';
export const STAFF_REFUNDS_PATH = '/staff/refunds';
export const STAFF_REVENUE_PATH = '/staff/revenue';

/** Staff's order search, and one order's page (decision 0091): payments, refunds, payout, cancel and refund. */
export const STAFF_ORDERS_PATH = '/staff/orders';
export const staffOrderHref = (orderId: string) => `${STAFF_ORDERS_PATH}/${encodeURIComponent(orderId)}`;

/** An order's staff history (refunds, wires, payouts, cancels): the audit log filtered to it. */
export const staffOrderHistoryHref = (orderId: string) =>
  `/staff/audit-log?${new URLSearchParams({ targetType: 'order', targetId: orderId }).toString()}`;

/** A succeeded refund's credit note (PDF), served to staff by the API. */
export const staffCreditNoteHref = (orderId: string, refundId: string) =>
  `/marketplace-api/staff/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(refundId)}.pdf`;

/** "2026-11" as "November 2026". */
export function monthLabel(month: string, locale = 'en-US'): string {
  const [year, mm] = month.split('-').map(Number);
  if (!year || !mm) return month;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, mm - 1, 1)),
  );
}
