import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sample, scrape, TEST_METRICS_TOKEN } from '../../lib/metrics/test-metrics';
import { createTestApp, type TestApp } from '../../test/app';
import { bid, bidder, openLot } from '../bidding/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TEST_METRICS_TOKEN } });
});
afterAll(async () => {
  await t.close();
});

const metrics = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('is refused without the token, or with another one, and says how to authenticate', async () => {
    for (const authorization of [undefined, `Bearer ${TEST_METRICS_TOKEN}x`, `Basic ${TEST_METRICS_TOKEN}`]) {
      const res = await metrics(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().errors[0].code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('lotline_');
    }
  });

  it('answers 404 to everyone when METRICS_TOKEN is unset', async () => {
    const other = buildApp({ db: t.db, config: { ...t.config, metricsToken: undefined } });
    try {
      const res = await other.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('NOT_FOUND');
    } finally {
      await other.close();
    }
  });

  it('serves the Prometheus text with the Node process metrics', async () => {
    const res = await metrics(`Bearer ${TEST_METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('times a request under its route pattern, method and status class, never its URL', async () => {
    const route = '/marketplace/api/event/event-lots/:eventLotId/bidding';
    const before = await scrape(t);
    const count = (text: string, status: string) =>
      sample(text, 'lotline_http_request_duration_seconds_count', { route, method: 'GET', status_class: status }) ?? 0;
    const res = await t.app.inject({ method: 'GET', url: '/marketplace/api/event/event-lots/no-such-lot/bidding' });
    expect(res.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/no/such/path/at-all' });
    const after = await scrape(t);
    expect(count(after, '4xx') - count(before, '4xx')).toBe(1);
    const unmatched = { route: '(unmatched)', method: 'GET', status_class: '4xx' };
    expect(sample(after, 'lotline_http_request_duration_seconds_count', unmatched)).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'lotline_http_request_duration_seconds_bucket', {
        route,
        method: 'GET',
        status_class: '4xx',
        le: '+Inf',
      }),
    ).toBe(count(after, '4xx'));
    expect(after).not.toContain('no-such-lot');
    expect(after).not.toContain('/no/such/path');
  });

  it('counts a placed bid as accepted and a refused one under its code, and a replayed answer not at all', async () => {
    const { event, lot } = await openLot(t, { startingBid: 125_000 });
    const pat = await bidder(t, event.id);
    const before = await scrape(t);
    const tooLow = (text: string) => sample(text, 'lotline_bids_refused_total', { code: 'BID_TOO_LOW' }) ?? 0;
    const accepted = (text: string) => sample(text, 'lotline_bids_accepted_total') ?? 0;

    expect((await bid(t, pat, lot.id, { amount: 124_999 }, 'low-1')).statusCode).toBe(409);
    // The same key again: answered from the stored refusal, no new decision.
    expect((await bid(t, pat, lot.id, { amount: 124_999 }, 'low-1')).statusCode).toBe(409);
    expect((await bid(t, pat, lot.id, { amount: 125_000 })).statusCode).toBe(201);
    const visitor = await bid(t, null, lot.id, { amount: 200_000 });
    expect(visitor.statusCode).toBe(401);

    const after = await scrape(t);
    expect(tooLow(after) - tooLow(before)).toBe(1);
    expect(accepted(after) - accepted(before)).toBe(1);
    // Refused before the engine (no session): not a bid decision.
    expect(after).not.toContain('lotline_bids_refused_total{code="UNAUTHENTICATED"}');
  });
});
