import { formatMoney, formatUtc } from '../../../lib/money';
import type { MailAttachment, MailMessage } from '../mailer';
import { mailWithAction } from './mail-with-action';

/**
 * The orders' e-mails to the buyer (issue 15, decision 0043): placed,
 * approved, rejected (by the seller, or for want of an answer in time) and
 * "invoice ready" with the PDF attached. An order is a purchase the buyer
 * made: these are not optional (no notification setting turns them off).
 */
export interface OrderMailFacts {
  to: string;
  name: string;
  number: string;
  lotName: string;
  total: number;
  currency: string;
  /** The order page, absolute. */
  url: string;
}

const action = (o: OrderMailFacts): [string, string] => ['View your order', o.url];

export function orderPlacedMail(o: OrderMailFacts & { awaitingUntil: Date | null }): MailMessage {
  const next = o.awaitingUntil
    ? `The seller approves or rejects it by ${formatUtc(o.awaitingUntil)}; your card is charged only once it is approved.`
    : 'We charge your default card now; the order page shows when it is paid.';
  return mailWithAction(
    o.to,
    `Order ${o.number} placed`,
    o.name,
    [`Thank you for your order ${o.number}: ${o.lotName}, total ${formatMoney(o.total, o.currency)}.`, next],
    action(o),
  );
}

export function orderApprovedMail(o: OrderMailFacts): MailMessage {
  return mailWithAction(
    o.to,
    `Order ${o.number} approved`,
    o.name,
    [
      `The seller approved your order ${o.number} (${o.lotName}).`,
      `We charge your default card ${formatMoney(o.total, o.currency)}; if it is refused you can pay from the order page.`,
    ],
    action(o),
  );
}

export function orderRejectedMail(o: OrderMailFacts & { reason: string | null }): MailMessage {
  const why = o.reason
    ? `The seller rejected your order ${o.number} (${o.lotName}): ${o.reason}`
    : `The seller did not approve your order ${o.number} (${o.lotName}) within 2 business days, so it is cancelled.`;
  return mailWithAction(
    o.to,
    `Order ${o.number} cancelled`,
    o.name,
    [why, 'Nothing was charged to your card.'],
    action(o),
  );
}

export function invoiceReadyMail(o: OrderMailFacts & { document: 'invoice' | 'receipt'; pdf: Buffer }): MailMessage {
  const word = o.document === 'invoice' ? 'invoice' : 'receipt';
  const attachment: MailAttachment = {
    filename: `${o.number}-${word}.pdf`,
    contentType: 'application/pdf',
    content: o.pdf,
  };
  return {
    ...mailWithAction(
      o.to,
      `Your ${word} for order ${o.number}`,
      o.name,
      [
        `Your ${word} for order ${o.number} (${o.lotName}, ${formatMoney(o.total, o.currency)}) is attached as a PDF.`,
        'You can download it again from the order page at any time.',
      ],
      action(o),
    ),
    attachments: [attachment],
  };
}
