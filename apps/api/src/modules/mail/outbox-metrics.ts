import { type Database, queryRows } from '@lotline/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { scrapeRead, setFrom } from '../../lib/metrics/scrape-read';

/** Mail not yet delivered: how many, and how long the oldest has waited (0 when none). */
export async function readOutboxBacklog(db: Database): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ pending: number; oldest: number }>(
    db,
    sql`select count(*)::int as pending, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
        from mail_outbox where status = 'pending'`,
  );
  return { pending: Number(row?.pending ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

/**
 * The outbox's backlog (decision 0095). With SMTP_URL the delivery job empties it, so a growing number
 * is mail not reaching people; without SMTP (a developer's machine) mail stays pending by design.
 */
export function registerOutboxMetrics(registry: Registry, db: Database, log: FastifyBaseLogger): void {
  const read = scrapeRead(() => readOutboxBacklog(db));
  const registers = [registry];
  new Gauge({
    name: 'lotline_mail_outbox_pending',
    help: 'E-mails in the outbox not yet delivered',
    registers,
    async collect() {
      await setFrom(this, read, (b) => this.set(b.pending), log);
    },
  });
  new Gauge({
    name: 'lotline_mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest e-mail not yet delivered (0: none)',
    registers,
    async collect() {
      await setFrom(this, read, (b) => this.set(b.oldestSeconds), log);
    },
  });
}
