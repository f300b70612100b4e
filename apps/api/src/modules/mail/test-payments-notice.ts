import { TEST_PAYMENTS_NOTICE } from '@lotline/contracts';
import type { Mailer, MailMessage } from './mailer';

/**
 * While the payment provider is the sandbox (decision 0066), every e-mail opens with the line the site's banner
 * shows, in its text and its HTML part: a "deposit held" or "order paid" mail must not read as real money.
 */
export function withTestPaymentsNotice<M extends MailMessage>(message: M): M {
  return {
    ...message,
    text: `${TEST_PAYMENTS_NOTICE}\n\n${message.text}`,
    html: `<p><strong>${TEST_PAYMENTS_NOTICE}</strong></p>\n${message.html}`,
  };
}

/** The mailer with the notice added to every message it stores, by `send` and by `queueSql` alike. */
export function noticingTestPayments(mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    send: (message, options) => mailer.send(withTestPaymentsNotice(message), options),
    queueSql: (messages) => mailer.queueSql(messages.map(withTestPaymentsNotice)),
  };
}
