import { TEST_PAYMENTS_NOTICE } from '@lotline/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from './mailer';
import { activationMail } from './templates/account';
import { noticingTestPayments } from './test-payments-notice';

/** A mailer that keeps what it is given, to see what the wrapper hands on. */
function keepingMailer() {
  const stored: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (message) => void stored.push(message),
    queueSql: (messages) => {
      stored.push(...messages);
      return sql`select 1`;
    },
  };
  return { mailer, stored };
}

describe('the test payments notice (decision 0066)', () => {
  it('opens the text and the HTML of every mail, sent or queued with a statement', async () => {
    const { mailer, stored } = keepingMailer();
    const noticing = noticingTestPayments(mailer);
    const mail = activationMail('ann@example.test', 'Ann', 'https://lotline.test/account/activate?token=t1');
    await noticing.send(mail);
    noticing.queueSql([mail]);

    expect(stored).toHaveLength(2);
    for (const m of stored) {
      expect(m.text).toBe(`Test payments: no real money moves\n\n${mail.text}`);
      expect(m.html).toBe(`<p><strong>Test payments: no real money moves</strong></p>\n${mail.html}`);
      expect([m.to, m.subject]).toEqual([mail.to, mail.subject]);
    }
    expect(TEST_PAYMENTS_NOTICE).toBe('Test payments: no real money moves');
    expect(noticing.kind).toBe('outbox');
  });
});
