import { type Database, queryRows } from '@lotline/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { scrapeRead, setFrom } from '../metrics/scrape-read';

export interface QueueBacklog {
  queue: string;
  /** Jobs due (their start time passed) that no worker has taken yet. */
  due: number;
  /** Seconds the oldest of them has been due; 0 when none is. */
  lagSeconds: number;
}

/**
 * Each pg-boss queue's due jobs and lag (decision 0095), from pg-boss's own tables: the same numbers
 * from every API process, as the queues live in the shared database. Nothing before the runner first
 * created its schema.
 */
export async function readQueueBacklog(db: Database): Promise<QueueBacklog[]> {
  const [schema] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null and to_regclass('pgboss.queue') is not null as present`,
  );
  if (!schema?.present) return [];
  const rows = await queryRows<{ queue: string; due: number; lag: number }>(
    db,
    sql`select q.name as queue, count(j.id)::int as due,
          coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as lag
        from pgboss.queue q
        left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
        group by q.name order by q.name`,
  );
  return rows.map((r) => ({ queue: r.queue, due: Number(r.due), lagSeconds: Math.max(0, Number(r.lag)) }));
}

export function registerQueueMetrics(registry: Registry, db: Database, log: FastifyBaseLogger): void {
  const read = scrapeRead(() => readQueueBacklog(db));
  const registers = [registry];
  new Gauge({
    name: 'lotline_job_queue_lag_seconds',
    help: 'How long the oldest due job of each queue has waited for a worker (0: none waits)',
    labelNames: ['queue'],
    registers,
    async collect() {
      await setFrom(
        this,
        read,
        (rows) => {
          for (const r of rows) this.set({ queue: r.queue }, r.lagSeconds);
        },
        log,
      );
    },
  });
  new Gauge({
    name: 'lotline_job_queue_due',
    help: 'Jobs of each queue that are due and not yet taken by a worker',
    labelNames: ['queue'],
    registers,
    async collect() {
      await setFrom(
        this,
        read,
        (rows) => {
          for (const r of rows) this.set({ queue: r.queue }, r.due);
        },
        log,
      );
    },
  });
}
