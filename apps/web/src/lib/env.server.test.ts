import { describe, expect, it } from 'vitest';
import { absoluteUrl, apiBaseUrl, mapTiles, publicOrigin } from './env.server';

describe('apiBaseUrl', () => {
  it('defaults to the local API', () => {
    expect(apiBaseUrl({})).toBe('http://127.0.0.1:3001');
    expect(apiBaseUrl({ API_URL: '' })).toBe('http://127.0.0.1:3001');
  });
  it('reads API_URL at call time and drops a trailing slash', () => {
    expect(apiBaseUrl({ API_URL: 'http://api.internal:8080/' })).toBe('http://api.internal:8080');
    expect(apiBaseUrl({ API_URL: 'https://api.example.com' })).toBe('https://api.example.com');
  });
  it('refuses a value that is not an http(s) URL', () => {
    expect(() => apiBaseUrl({ API_URL: 'localhost:3001' })).toThrow(/API_URL/);
    expect(() => apiBaseUrl({ API_URL: 'ftp://x' })).toThrow(/API_URL/);
  });
});

describe('publicOrigin and absoluteUrl', () => {
  it('default to the local site', () => {
    expect(publicOrigin({})).toBe('http://localhost:3000');
    expect(absoluteUrl('/marketplace/lots', {})).toBe('http://localhost:3000/marketplace/lots');
  });
  it('use PUBLIC_ORIGIN, ignoring any path on it', () => {
    const env = { PUBLIC_ORIGIN: 'https://lotline.example/' };
    expect(publicOrigin(env)).toBe('https://lotline.example');
    expect(absoluteUrl('/marketplace/bid/a/1?x=1', env)).toBe('https://lotline.example/marketplace/bid/a/1?x=1');
  });
  it('refuse a value that is not an http(s) URL, naming it', () => {
    expect(() => publicOrigin({ PUBLIC_ORIGIN: 'lotline.example' })).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe('mapTiles', () => {
  it('is null without MAP_TILE_URL (the map then draws its markers on a plain background)', () => {
    expect(mapTiles({})).toBeNull();
    expect(mapTiles({ MAP_TILE_URL: '' })).toBeNull();
  });
  it('reads the template and the credit line', () => {
    const env = { MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Tiles Ltd' };
    expect(mapTiles(env)).toEqual({ url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles Ltd' });
  });
  it('refuses a template without {z}, {x} and {y}, naming it', () => {
    expect(() => mapTiles({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow(/MAP_TILE_URL/);
  });
});
