import type { Database, Executor } from '@lotline/db';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createOutboxMailer } from './outbox-mailer';
import { noticingTestPayments } from './test-payments-notice';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files to attach (the invoice PDF); stored with the message, attached at delivery. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The one way the API sends mail (decisions 0009, 0028). `send` only stores the
 * message in `mail_outbox`, in the caller's transaction when it passes one
 * (`{ tx }`), so a request never waits for (or fails on) a mail server. When
 * `SMTP_URL` is set (`kind: 'smtp'`) the mail worker (`deliver-mail.ts`) delivers
 * it with retries; without it the outbox is the local mail page (`kind: 'outbox'`).
 * `kind: 'none'` sends nothing: the demo's sales that closed before today (their
 * buyers read those mails back then), so what a mail attaches is not even rendered.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox' | 'none';
  send(message: MailMessage, options?: { tx?: Executor }): Promise<void>;
  /**
   * The INSERT that stores these messages, for a caller that runs it inside
   * its own statement (a data-modifying CTE), so the mail is stored exactly
   * when that statement's transaction commits (the bid batch, decision 0042).
   */
  queueSql(messages: readonly MailMessage[]): SQL;
}

export function createMailer(options: {
  db: Database;
  smtpUrl: string | undefined;
  from?: string;
  log: FastifyBaseLogger;
  /** The payment provider is the sandbox: every message opens with "Test payments: …" (decision 0066). */
  testPayments?: boolean;
}): Mailer {
  const mailer = createOutboxMailer(options.db, options.log, options.smtpUrl ? 'smtp' : 'outbox');
  return options.testPayments ? noticingTestPayments(mailer) : mailer;
}
