import type { Database } from '@lotline/db';
import { Gauge, type Registry } from 'prom-client';

/** What node-postgres's pool tells about itself. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const isPool = (client: unknown): client is PoolCounts =>
  typeof (client as PoolCounts | undefined)?.totalCount === 'number';

/**
 * The PostgreSQL pool's connections (decision 0095): open, idle, and queries waiting for one. PGlite has
 * one in-process connection and no pool to report: there the gauge is not registered at all.
 */
export function registerDbPoolMetrics(registry: Registry, db: Database): void {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!isPool(client)) return;
  new Gauge({
    name: 'lotline_db_pool_connections',
    help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for a connection',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, client.totalCount);
      this.set({ state: 'idle' }, client.idleCount);
      this.set({ state: 'waiting' }, client.waitingCount);
    },
  });
}
