import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from './env.server';

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
