import { describe, expect, it } from 'vitest';
import { parseSetCookie } from './set-cookie';

describe('parseSetCookie', () => {
  it('reads the name, the decoded value and every attribute', () => {
    expect(
      parseSetCookie('lotline.session_token=abc%2Edef; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax'),
    ).toEqual({
      name: 'lotline.session_token',
      value: 'abc.def',
      options: { maxAge: 2592000, path: '/', httpOnly: true, secure: true, sameSite: 'lax' },
    });
  });

  it('reads a clearing cookie', () => {
    expect(parseSetCookie('lotline.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax')).toEqual({
      name: 'lotline.session_token',
      value: '',
      options: { maxAge: 0, path: '/', httpOnly: true, sameSite: 'lax' },
    });
  });

  it('keeps "=" inside values and expiry dates', () => {
    const parsed = parseSetCookie('a=b=c; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Domain=example.com');
    expect(parsed?.value).toBe('b=c');
    expect(parsed?.options.expires?.toISOString()).toBe('2026-10-21T07:28:00.000Z');
    expect(parsed?.options.domain).toBe('example.com');
  });

  it('refuses a header without a name', () => {
    expect(parseSetCookie('=value; Path=/')).toBeNull();
    expect(parseSetCookie('')).toBeNull();
  });
});
