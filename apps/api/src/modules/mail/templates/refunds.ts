import { formatMoney } from '../../../lib/money';
import type { MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';
import type { OrderMailFacts } from './orders';

/**
 * The buyer's e-mail when a refund of their order is given back (decision 0062), with its credit note attached.
 * Transactional, like every order e-mail: no setting turns it off.
 */
export function creditNoteMail(
  o: OrderMailFacts & { creditNote: string; amount: number; reason: string; byTransfer: number; pdf: Buffer },
): MailMessage {
  const lines = [
    `${formatMoney(o.amount, o.currency)} of your order ${o.number} (${o.lotName}) is refunded: ${o.reason}`,
    howItComesBack(o),
    `Your credit note ${o.creditNote} is attached as a PDF, and stays on the order page.`,
  ];
  return {
    ...mailWithAction(o.to, `Refund for order ${o.number}: credit note ${o.creditNote}`, o.name, lines, [
      'View your order',
      o.url,
    ]),
    attachments: [{ filename: `${o.number}-${o.creditNote}.pdf`, contentType: 'application/pdf', content: o.pdf }],
  };
}

function howItComesBack(o: { amount: number; byTransfer: number; currency: string }): string {
  if (o.byTransfer >= o.amount) return 'It comes back by bank transfer, as you paid it.';
  const card = 'goes back to the card you paid with; your bank may take a few days to show it';
  if (o.byTransfer === 0) return `It ${card}.`;
  return `${formatMoney(o.byTransfer, o.currency)} of it comes back by bank transfer, as you paid it; the rest ${card}.`;
}
