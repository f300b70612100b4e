/**
 * The API's own request counts and times per route, from its `/metrics`
 * (decision 0095: `lotline_http_request_duration_seconds`, served with
 * METRICS_TOKEN), so a page benchmark can say how many API requests one page
 * costs and how long the API took for them.
 */

const SERIES = /^lotline_http_request_duration_seconds_(count|sum)\{([^}]*)\} (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Per "METHOD route" (2xx and others together): requests answered and seconds spent, since the API started. */
export async function scrapeRoutes(apiOrigin, token) {
  const res = await fetch(`${apiOrigin}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${apiOrigin}/metrics answered ${res.status}`);
  const routes = new Map();
  for (const line of (await res.text()).split('\n')) {
    const match = SERIES.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[2].matchAll(LABEL)].map(([, k, v]) => [k, v]));
    const key = `${labels.method} ${labels.route}`;
    const entry = routes.get(key) ?? { count: 0, sumS: 0 };
    entry[match[1] === 'count' ? 'count' : 'sumS'] += Number(match[3]);
    routes.set(key, entry);
  }
  return routes;
}

/** The requests between two scrapes, per route, the busiest first (the scrapes themselves left out). */
export function routeDelta(before, after) {
  return [...after]
    .map(([route, a]) => {
      const b = before.get(route) ?? { count: 0, sumS: 0 };
      return { route, count: a.count - b.count, sumS: a.sumS - b.sumS };
    })
    .filter((r) => r.count > 0 && !r.route.endsWith(' /metrics'))
    .sort((x, y) => y.count - x.count);
}
