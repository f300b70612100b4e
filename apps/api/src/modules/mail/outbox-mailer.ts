import { randomUUID } from 'node:crypto';
import type { Database } from '@lotline/db';
import { mailOutbox } from '@lotline/db/schema';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer';

/** Stores each message in `mail_outbox`; the mail worker sends it when there is an SMTP server. */
export function createOutboxMailer(db: Database, log: FastifyBaseLogger, kind: Mailer['kind'] = 'outbox'): Mailer {
  return {
    kind,
    queueSql(messages) {
      const rows = messages.map((m) => sql`(${`mail_${randomUUID()}`}, ${m.to}, ${m.subject}, ${m.text}, ${m.html})`);
      // Logged as the statement is built: it stores the mail only if its transaction commits.
      for (const m of messages) log.info({ to: m.to, subject: m.subject }, "mail queued with its caller's statement");
      return sql`insert into ${mailOutbox} (id, "to", subject, text, html) values ${sql.join(rows, sql`, `)}`;
    },
    async send(message, options) {
      const id = `mail_${randomUUID()}`;
      const { attachments = [], ...rest } = message;
      await (options?.tx ?? db).insert(mailOutbox).values({
        id,
        ...rest,
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentBase64: a.content.toString('base64'),
        })),
      });
      log.info(
        { id, to: message.to, subject: message.subject },
        kind === 'smtp' ? 'mail queued for delivery' : 'mail stored in the outbox (no SMTP_URL)',
      );
    },
  };
}
