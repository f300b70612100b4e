import type PgBoss from 'pg-boss';
import type { JobOptions } from './job-runner';

const DEADLOCK = '40P01';

/**
 * One queue at a time, retried on a deadlock: several processes creating
 * queues at once on an empty database can deadlock (40P01). A periodic queue
 * is `stately` (at most one job waiting and one running, in every process
 * together): that is what keeps two runs of it from overlapping.
 */
export async function createQueue(boss: PgBoss, name: string, options: JobOptions): Promise<void> {
  const periodic = options.everySeconds !== undefined;
  const retryDelay = options.retryDelaySeconds ?? (periodic ? 0 : 5);
  const queue = {
    name,
    policy: periodic ? ('stately' as const) : ('standard' as const),
    retryLimit: options.retryLimit ?? (periodic ? 0 : 3),
    retryDelay,
    retryBackoff: options.retryBackoff ?? retryDelay > 0,
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, queue);
      // An existing queue keeps its old settings otherwise.
      await boss.updateQueue(name, queue);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
