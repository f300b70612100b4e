import { expect, test } from '@playwright/test';

// The browser talks only to the web origin; API paths are forwarded to the API.
test.describe('one origin', { tag: '@requests' }, () => {
  test('API paths answer through the web origin', async ({ request }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);

    const lots = await request.get('/marketplace/api/event/event-lots?pageSize=2&pageNumber=1');
    expect(lots.status()).toBe(200);
    const body = (await lots.json()) as { status: string; data: { eventLots: unknown[] } };
    expect(body.status).toBe('success');
    expect(body.data.eventLots).toHaveLength(2);
    // Forwarded by hand: nothing tells the browser where the API lives.
    expect(lots.headers()['x-middleware-rewrite']).toBeUndefined();
    expect(JSON.stringify(lots.headers())).not.toContain('127.0.0.1');
  });

  test('place suggestions and the nearest place answer through the web origin', async ({ request }) => {
    const places = await request.get('/marketplace/api/places?q=hous&limit=3');
    expect(places.status()).toBe(200);
    const body = (await places.json()) as { data: { places: { label: string }[] } };
    expect(body.data.places.map((p) => p.label)).toContain('Houston, TX, US');
    expect(body.data.places).toHaveLength(3);

    const nearest = await request.get('/marketplace/api/places/nearest?lat=43.7&lon=-79.42');
    expect(nearest.status()).toBe(200);
    expect(await nearest.json()).toMatchObject({ status: 'success', data: { place: { label: 'Toronto, ON, CA' } } });

    const bad = await request.get('/marketplace/api/places?limit=3');
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 'error', errors: [{ code: 'VALIDATION_FAILED', field: 'q' }] });
  });

  test('API errors keep their status and envelope', async ({ request }) => {
    const response = await request.get('/marketplace/api/event/event-lots?pageSize=abc');
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', errors: [{ code: 'VALIDATION_FAILED' }] });
  });

  test('page routes stay with the web app', async ({ request }) => {
    const response = await request.get('/marketplace/lots');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
  });
});
