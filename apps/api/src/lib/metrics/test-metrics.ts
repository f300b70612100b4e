import type { TestApp } from '../../test/app';

/** The token the metrics tests configure (METRICS_TOKEN). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-test-metrics-token-1';

/** GET /metrics with the test token, as text. */
export async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET /metrics answered ${res.statusCode}: ${res.body}`);
  return res.body;
}

/**
 * The value of one series in the exposition text, or undefined when it is absent. `labels` must be
 * exactly the series' labels, in any order.
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = (match[2] ?? '')
      .split(/,(?=\w+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (got === wanted) return Number(match[3]);
  }
  return undefined;
}
