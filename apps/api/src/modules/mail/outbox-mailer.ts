import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { mailOutbox } from '@lotline/db/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer';

export function createOutboxMailer(db: Database, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const id = `mail_${randomUUID()}`;
      await db.insert(mailOutbox).values({ id, ...message });
      log.info({ id, to: message.to, subject: message.subject }, 'mail stored in the outbox (no SMTP_URL)');
    },
  };
}
