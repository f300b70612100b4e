import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEventLotDetail } from '../../test/event-lot-factory';
import { closeRender, openRender } from '../page-cache/degraded.mjs';
import { PAGE_TAGS_HEADER } from '../page-cache/page-tags.mjs';
import { lotRoute } from './lot-route';

const LOT = makeEventLotDetail({ _id: 'lot_1', mp2Id: 'mp2_1', name: 'Haas VF-2 CNC' });
const CANONICAL = '/marketplace/bid/haas-vf-2-cnc/mp2_1';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function stubApi(response: () => Response) {
  const urls: string[] = [];
  vi.stubEnv('API_URL', 'http://api.internal:4000');
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return response();
  });
  return urls;
}

const found = () => answer(200, { status: 'success', data: LOT });
const viewedCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith('lots_viewed='))
    ?.split(';')[0];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('lotRoute', () => {
  it('answers 301 to the canonical URL for an old slug, keeping the query', async () => {
    const urls = stubApi(found);
    const response = await lotRoute(new NextRequest('http://localhost:3000/marketplace/bid/old-name/mp2_1?ref=mail'));
    expect(urls).toEqual(['http://api.internal:4000/marketplace/api/lots/mp2_1']);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`http://localhost:3000${CANONICAL}?ref=mail`);
    expect(viewedCookie(response)).toBeUndefined();
  });

  it('answers 301 when the lot is reached by another of its ids', async () => {
    stubApi(found);
    const response = await lotRoute(new NextRequest('http://localhost:3000/marketplace/bid/haas-vf-2-cnc/lot_1'));
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`http://localhost:3000${CANONICAL}`);
  });

  it('lets the canonical URL through and records the lot first in lots_viewed', async () => {
    stubApi(found);
    const request = new NextRequest(`http://localhost:3000${CANONICAL}`, {
      headers: { cookie: `lots_viewed=${encodeURIComponent('["a","mp2_1","b"]')}` },
    });
    const response = await lotRoute(request);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(viewedCookie(response)).toBe(`lots_viewed=${encodeURIComponent('["mp2_1","a","b"]')}`);
    expect(response.headers.getSetCookie()[0]).toMatch(/Path=\/; .*HttpOnly; SameSite=lax/);
    // The page cache's tags: the lot by its own id (the URL has another of its ids) and its event.
    const eventId = LOT.kind === 'event-lot' ? LOT.lot._source.eventId : null;
    expect(eventId).toBeTruthy();
    expect(response.headers.get(PAGE_TAGS_HEADER)).toBe(`lot:lot_1 event:${eventId}`);
  });

  it('passes an unknown or malformed id to the page (its 404) without recording it', async () => {
    for (const status of [404, 400]) {
      stubApi(() => answer(status, { status: 'error', errors: [{ code: 'NOT_FOUND', message: 'Lot not found' }] }));
      const response = await lotRoute(new NextRequest('http://localhost:3000/marketplace/bid/x/nope'));
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(viewedCookie(response)).toBeUndefined();
    }
  });

  it('passes through when the API cannot answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    openRender('render-1');
    const response = await lotRoute(
      new NextRequest('http://localhost:3000/marketplace/bid/x/mp2_1'),
      undefined,
      'render-1',
    );
    expect(response.headers.get('x-middleware-next')).toBe('1');
    // The page rendered without the lot is not kept by the page cache.
    expect(closeRender('render-1')).toBe(true);
  });

  it('leaves server actions and prefetches alone', async () => {
    const urls = stubApi(found);
    await lotRoute(new NextRequest(`http://localhost:3000/marketplace/bid/old/mp2_1`, { method: 'POST' }));
    await lotRoute(
      new NextRequest(`http://localhost:3000/marketplace/bid/old/mp2_1`, { headers: { 'next-router-prefetch': '1' } }),
    );
    expect(urls).toEqual([]);
  });
});
