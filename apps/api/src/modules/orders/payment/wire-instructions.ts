/**
 * Paying an order by wire transfer (issue 15): offered for USD orders, and
 * for CAD orders only while CAD_WIRE_TRANSFER is on. The instructions are
 * printed on the invoice and the order page; the order number is the
 * reference staff match the incoming wire by (they mark it received).
 */

/** Lotline's receiving accounts, per currency (the deployment's bank; these are the demo's). */
const ACCOUNTS: Record<string, readonly string[]> = {
  USD: [
    'Bank: First Harbor Bank, 100 Main Street, Houston, TX 77002, USA',
    'Account name: Lotline Marketplace Inc. (client funds)',
    'Account number: 000123456789',
    'ABA routing number: 111000025',
    'SWIFT/BIC: FHBKUS44',
  ],
  CAD: [
    'Bank: Northern Maple Bank, 200 Bay Street, Toronto, ON M5J 2J5, Canada',
    'Account name: Lotline Marketplace Canada Ltd. (client funds)',
    'Institution 004, transit 10202, account 5012345',
    'SWIFT/BIC: NMBKCATT',
  ],
};

export function wireOffered(currency: string, cadWireTransfer: boolean): boolean {
  if (currency === 'CAD') return cadWireTransfer;
  return currency in ACCOUNTS;
}

/** The lines to print, or null when wire is not offered for this order. */
export function wireInstructions(
  order: { currency: string; number: string },
  cadWireTransfer: boolean,
): string[] | null {
  const account = ACCOUNTS[order.currency];
  if (!account || !wireOffered(order.currency, cadWireTransfer)) return null;
  return [
    ...account,
    `Reference: ${order.number} (write it in the wire's reference so we can match your payment)`,
    'Send the amount due in the order currency; your bank’s fees are yours.',
  ];
}
