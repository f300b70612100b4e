import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT_PATH, NEXT_PATH_MAX_LENGTH, safeNextPath } from './next-path';

const SITE = 'https://lotline.example';

/**
 * Open-redirect payloads: PayloadsAllTheThings "Open Redirect"
 * (Open-Redirect-payloads.txt and the README's filter bypasses), with the
 * target written as evil.example, plus the variants named in issue 12.
 */
const PAYLOADS = [
  '//evil.example',
  '//evil.example/',
  '//evil.example/%2f..',
  '///evil.example/%2f..',
  '////evil.example/%2f..',
  '/\\/evil.example/',
  '/\\evil.example',
  '//\\evil.example',
  '\\/\\/evil.example/',
  '\\\\evil.example',
  '\\/\\/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d/evil.example',
  '/%0d%0a/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  ' //evil.example',
  '\t//evil.example',
  '/%5cevil.example',
  '/%5Cevil.example',
  '//%5cevil.example',
  '/%2f%2fevil.example',
  '/%2F%2Fevil.example',
  '/%2F/evil.example',
  '%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%252e%252e//evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/./..//evil.example',
  '/%2e//evil.example',
  '//evil%E3%80%82example',
  '//evil%00.example',
  '////\\;@evil.example',
  'https://evil.example',
  'http://evil.example',
  'https:evil.example',
  'http:evil.example',
  'https:/evil.example',
  'http:/\\/\\evil.example',
  '//https:evil.example',
  '/https://evil.example',
  'HtTpS://evil.example',
  'http://evil.example:80#@lotline.example/',
  'https://lotline.example.evil.example',
  '//lotline.example@evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javascript://%0Aalert(1)',
  'javascript://%250Aalert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  // Unicode look-alikes of "/" "." and "\".
  '〱evil.example',
  '〵evil.example',
  'ゝevil.example',
  'ーevil.example',
  'ｰevil.example',
  '/〱evil.example',
  '/／evil.example',
  '／／evil.example',
  '/\uff3cevil.example',
  '/\u2215\u2215evil.example',
  '//evil。example',
  '/%E2%88%95%E2%88%95evil.example',
  '/%EF%BC%8F%EF%BC%8Fevil.example',
  // Broken or endless encodings.
  '/%E0%A4%A',
  `/${'%25'.repeat(8)}2F%2Fevil.example`,
  // Far too long to be a link we made.
  `/marketplace/lots?keyword=${'a'.repeat(NEXT_PATH_MAX_LENGTH)}`,
  '',
  'evil.example',
];

/** Fully decoded, as a lenient server might before it normalises and redirects. */
function decodedAll(value: string) {
  let current = value;
  for (let i = 0; i < 10; i++) {
    const next = decodeURIComponent(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

describe('safeNextPath', () => {
  it.each(PAYLOADS.map((p) => [p]))('refuses %j', (payload) => {
    expect(safeNextPath(payload)).toBe(DEFAULT_NEXT_PATH);
  });

  it.each([[undefined], [null], [42], [['/account', '//evil.example']]])(
    'refuses what is not one string: %j',
    (raw) => {
      expect(safeNextPath(raw)).toBe(DEFAULT_NEXT_PATH);
    },
  );

  it('whatever it answers is a page of this site, however the answer is read', () => {
    for (const payload of PAYLOADS) {
      const answer = safeNextPath(payload);
      expect(new URL(answer, SITE).origin).toBe(SITE);
      expect(new URL(decodedAll(answer), SITE).origin).toBe(SITE);
      expect(answer).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    }
  });

  it.each([
    ['/account', '/account'],
    ['/account/watchlist', '/account/watchlist'],
    ['/marketplace/lots?page=2&sort=ending-soon', '/marketplace/lots?page=2&sort=ending-soon'],
    ['/marketplace/bid/cnc-lathe/lot_1#bidding', '/marketplace/bid/cnc-lathe/lot_1#bidding'],
    ['/account/payment-methods/return?setup=', '/account/payment-methods/return?setup='],
    ['/marketplace/lots?keyword=caf%C3%A9', '/marketplace/lots?keyword=caf%C3%A9'],
    ['/marketplace/lots?next=//evil.example', '/marketplace/lots?next=//evil.example'],
    // Normalised the way a browser would: it still names the same page.
    ['/account/../marketplace/lots', '/marketplace/lots'],
  ])('keeps the site path %j as %j', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it('uses the fallback it is given', () => {
    expect(safeNextPath('//evil.example', '/')).toBe('/');
  });
});
