import type { Database } from '@lotline/db';
import type { FastifyBaseLogger } from 'fastify';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The one way the API sends mail: SMTP when `SMTP_URL` is set, else the outbox table (decision 0009). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from, options.log)
    : createOutboxMailer(options.db, options.log);
}
