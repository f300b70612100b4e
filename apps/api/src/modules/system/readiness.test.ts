import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/app';
import { Readiness } from './readiness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An app over the test database whose job runner is as `running` says. */
function appWithRunner(running: { value: boolean }) {
  const readiness = new Readiness({ isRunning: () => running.value });
  return { app: buildApp({ db: t.db, config: t.config, readiness }), readiness };
}

const readyz = (app: ReturnType<typeof buildApp>) => app.inject({ method: 'GET', url: '/readyz' });

describe('GET /readyz', () => {
  it('answers 503 with Retry-After until the job runner runs, then 200', async () => {
    const running = { value: false };
    const { app } = appWithRunner(running);
    try {
      const waiting = await readyz(app);
      expect(waiting.statusCode).toBe(503);
      expect(waiting.headers['retry-after']).toBe('5');
      expect(waiting.json().errors[0].code).toBe('SERVICE_UNAVAILABLE');
      // A 5xx message carries a reference to quote (the error map's).
      expect(waiting.json().errors[0].message).toMatch(/^The job runner has not started \(reference /);
      running.value = true;
      const ready = await readyz(app);
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'success', data: { ready: true } });
    } finally {
      await app.close();
    }
  });

  it('answers 503 once shutdown began (SIGTERM drains first), and the app closing drains it too', async () => {
    const { app, readiness } = appWithRunner({ value: true });
    expect((await readyz(app)).statusCode).toBe(200);
    readiness.drain();
    const draining = await readyz(app);
    expect(draining.statusCode).toBe(503);
    expect(draining.headers['retry-after']).toBe('5');
    expect(draining.json().errors[0].message).toMatch(/^The API is shutting down/);
    // /healthz (liveness) still says the process is alive while it drains.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();

    const other = appWithRunner({ value: true });
    expect((await readyz(other.app)).statusCode).toBe(200);
    await other.app.close();
    await expect(other.readiness.check(t.db)).rejects.toThrow('The API is shutting down');
  });

  it('answers 503 when the database lacks a migration this code ships', async () => {
    const [last] = (
      (await t.db.execute(
        sql`select id, hash, created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; at: string }[] }
    ).rows;
    if (!last) throw new Error('the test database has no migrations');
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await readyz(t.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().errors[0].message).toMatch(/^The database is missing migrations/);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.at}::bigint)`,
      );
    }
    expect((await readyz(t.app)).statusCode).toBe(200);
  });

  it('rejects unknown query parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz?verbose=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'verbose' });
  });
});
