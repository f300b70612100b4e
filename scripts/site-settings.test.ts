import { describe, expect, it } from 'vitest';
import { siteSettings, webServerEnv } from './site-settings.mjs';

describe('npm start settings (decision 0025)', () => {
  it('listens on loopback by default, in development and in production alike', () => {
    for (const NODE_ENV of [undefined, 'development', 'production']) {
      const settings = siteSettings({ NODE_ENV });
      expect(settings.host).toBe('127.0.0.1');
      expect(webServerEnv(settings)).toEqual({ PORT: '3000', HOST: '127.0.0.1' });
    }
  });

  it('listens where HOST says, and probes the web server at an address that answers', () => {
    const everywhere = siteSettings({ HOST: '0.0.0.0', PORT: '3200' });
    expect(webServerEnv(everywhere)).toEqual({ PORT: '3200', HOST: '0.0.0.0' });
    expect(everywhere.webProbeUrl).toBe('http://127.0.0.1:3200');
    expect(siteSettings({ HOST: '::1', PORT: '3200' }).webProbeUrl).toBe('http://[::1]:3200');
    expect(siteSettings({ HOST: '192.0.2.7', PORT: '3200' }).webProbeUrl).toBe('http://192.0.2.7:3200');
  });

  it('keeps the API on loopback next to the web server', () => {
    expect(siteSettings({ PORT: '3200', HOST: '0.0.0.0' })).toMatchObject({
      apiPort: 3201,
      apiUrl: 'http://127.0.0.1:3201',
      publicUrl: 'http://localhost:3200',
      nodeEnv: 'development',
    });
  });

  it('refuses a bad PORT or HOST with a message saying what to fix', () => {
    expect(() => siteSettings({ PORT: 'web' })).toThrow('PORT must be a TCP port number, got "web".');
    expect(() => siteSettings({ HOST: 'http://0.0.0.0' })).toThrow('HOST must be an address or host name');
  });
});
