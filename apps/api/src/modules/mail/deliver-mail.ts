import { type Database, queryRows } from '@lotline/db';
import type { MailAttachmentRow } from '@lotline/db/schema';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunner } from '../../lib/jobs/job-runner';
import type { MailTransport } from './smtp-transport';

/**
 * The mail worker (decision 0028): takes due `pending` rows of `mail_outbox`
 * and sends them through SMTP, outside any request. Claiming bumps `attempts`
 * and leases the row (`next_attempt_at` moved past the longest send), under
 * `FOR UPDATE SKIP LOCKED`, so several API processes never send one message
 * twice at once; a process that dies mid-send leaves the row to be retried
 * when the lease ends. A failure records the error and waits `baseDelayS *
 * 2^(attempts-1)` (capped); after `maxAttempts` the row is `failed`. All
 * times are the database's clock.
 */
export interface DeliveryOptions {
  from: string;
  batchSize?: number;
  maxAttempts?: number;
  baseDelayS?: number;
  maxDelayS?: number;
  leaseS?: number;
}

export const DELIVERY_DEFAULTS = {
  batchSize: 5,
  maxAttempts: 8,
  baseDelayS: 30,
  maxDelayS: 6 * 3600,
  // Longer than a batch can take with the SMTP timeouts (5 × (10 + 10 + 30) s).
  leaseS: 600,
  everySeconds: 5,
} as const;

const MAX_ERROR = 500;

interface Claimed extends Record<string, unknown> {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachmentRow[];
  attempts: number;
}

export interface DeliveryResult {
  sent: number;
  retrying: number;
  failed: number;
}

export async function deliverPendingMail(
  db: Database,
  transport: MailTransport,
  options: DeliveryOptions,
  log?: FastifyBaseLogger,
): Promise<DeliveryResult> {
  const o = { ...DELIVERY_DEFAULTS, ...options };
  const claimed = await queryRows<Claimed>(
    db,
    sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${o.leaseS})
        where id in (
          select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at, id limit ${o.batchSize} for update skip locked)
        returning id, "to", subject, text, html, attachments, attempts`,
  );
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };
  for (const mail of claimed) {
    try {
      const attachments = mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      }));
      await transport.sendMail({
        from: o.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      await db.execute(
        // Once delivered the body is the recipient's alone: drop it, reset and activation links included.
        sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null, text = '', html = '',
            attachments = '[]'::jsonb where id = ${mail.id}`,
      );
      result.sent++;
      // The address and subject are enough to trace a complaint; the body may hold a sign-in link.
      log?.info({ id: mail.id, to: mail.to, subject: mail.subject }, 'mail sent');
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR);
      const giveUp = mail.attempts >= o.maxAttempts;
      const delayS = Math.min(o.maxDelayS, o.baseDelayS * 2 ** (mail.attempts - 1));
      await db.execute(
        giveUp
          ? sql`update mail_outbox set status = 'failed', last_error = ${message}, text = '', html = '',
                attachments = '[]'::jsonb where id = ${mail.id}`
          : sql`update mail_outbox set last_error = ${message}, next_attempt_at = now() + make_interval(secs => ${delayS})
                where id = ${mail.id}`,
      );
      if (giveUp) result.failed++;
      else result.retrying++;
      log?.[giveUp ? 'error' : 'warn'](
        { id: mail.id, to: mail.to, attempts: mail.attempts, err: message },
        giveUp ? 'mail could not be delivered; gave up' : 'mail delivery failed; will retry',
      );
    }
  }
  return result;
}

/**
 * The worker as a periodic job (main.ts, only when SMTP_URL is set): every 5
 * seconds as before, so a queued mail leaves as soon as it did (decision 0031).
 * Claims lease rows, so even two runs at once would never send a message twice.
 */
export function registerMailDelivery(
  jobs: JobRunner,
  db: Database,
  transport: MailTransport,
  options: DeliveryOptions & { everySeconds?: number },
  log: FastifyBaseLogger,
): void {
  const batchSize = options.batchSize ?? DELIVERY_DEFAULTS.batchSize;
  const run = async () => {
    // A full batch means more may be due: keep going (bounded) instead of waiting for the next period.
    for (let i = 0; i < 20; i++) {
      const r = await deliverPendingMail(db, transport, options, log);
      if (r.sent + r.retrying + r.failed < batchSize) return;
    }
  };
  jobs.register('mail-delivery', run, {
    everySeconds: options.everySeconds ?? DELIVERY_DEFAULTS.everySeconds,
    // 20 batches with a slow SMTP server may take long; rows are leased meanwhile.
    expireInSeconds: 3600,
    failureMessage: 'the mail worker could not read the outbox',
  });
}
