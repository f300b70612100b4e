import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@lotline/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../lib/jobs/job-runner';
import { createLogger } from '../../lib/logger';
import { sample, scrape, TEST_METRICS_TOKEN } from '../../lib/metrics/test-metrics';
import { createTestApp, type TestApp } from '../../test/app';
import { openSse } from '../../test/sse';
import { signUpUser } from '../identity/test-helpers';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TEST_METRICS_TOKEN } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
});

const pendingMail = async () =>
  (
    (await t.db.execute(sql`select count(*)::int as n from mail_outbox where status = 'pending'`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;

describe('the gauges of /metrics', () => {
  it('counts the open live streams of this process', async () => {
    const lot = await t.make.lot({ endedAt: new Date('2030-01-01T00:00:00Z') });
    const before = sample(await scrape(t), 'lotline_live_subscribers');
    const stream = await openSse(`${origin}/marketplace/api/live?eventLotIds=${lot.id}`);
    try {
      await stream.next((f) => f.event === 'lot');
      expect(sample(await scrape(t), 'lotline_live_subscribers')).toBe((before ?? 0) + 1);
    } finally {
      await stream.close();
    }
    await expect.poll(async () => sample(await scrape(t), 'lotline_live_subscribers')).toBe(before);
  });

  it('reports the mail not yet delivered and the age of the oldest', async () => {
    await signUpUser(t, { email: 'metrics-mail@example.com' });
    const text = await scrape(t);
    const pending = sample(text, 'lotline_mail_outbox_pending');
    expect(pending).toBeGreaterThan(0);
    expect(pending).toBe(await pendingMail());
    expect(sample(text, 'lotline_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('reports each job queue, its due jobs and how long the oldest has waited', async () => {
    // Nothing before the runner made its schema: no series, and the scrape still answers.
    expect(await scrape(t)).not.toContain('lotline_job_queue_lag_seconds{');
    const jobs = createJobRunner(t.db, { log: createLogger('silent') });
    jobs.register('metrics-probe', async () => undefined);
    await jobs.start();
    await jobs.stop();
    // A job due 30 s ago that no worker took (the runner is stopped).
    await t.db.execute(
      sql`insert into pgboss.job (name, start_after) values ('metrics-probe', now() - interval '30 seconds')`,
    );
    const text = await scrape(t);
    expect(sample(text, 'lotline_job_queue_due', { queue: 'metrics-probe' })).toBe(1);
    expect(sample(text, 'lotline_job_queue_lag_seconds', { queue: 'metrics-probe' })).toBeGreaterThanOrEqual(30);
  });

  it('counts the resized-photo cache: a miss encodes, the next ask is a hit', async () => {
    const dir = path.join(t.config.filesDir, 'demo-photos');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'metrics-probe.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#2a6"/></svg>',
    );
    const lookups = (text: string, result: string) =>
      sample(text, 'lotline_image_cache_lookups_total', { result }) ?? 0;
    const before = await scrape(t);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/files/demo-photos/metrics-probe.svg?w=${IMAGE_WIDTHS[0]}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const after = await scrape(t);
    expect(lookups(after, 'miss') - lookups(before, 'miss')).toBe(1);
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBe(1);
  });

  it('reports the PostgreSQL pool, and no pool on PGlite', async () => {
    const text = await scrape(t);
    if (process.env.TEST_DATABASE_URL) {
      expect(sample(text, 'lotline_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'lotline_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toContain('lotline_db_pool_connections');
    }
  });
});
