import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { cutAtNonce, gzipWithNonce, withNonce } from './nonce-parts.mjs';

/**
 * A kept page cut at its nonce (decision 0103) gives, for any new nonce of the same length, exactly the page
 * with that nonce in every place of the old one, plain and gzipped (read back by zlib's own inflater): pages
 * of any text (multi-byte characters, NUL bytes, parts longer than DEFLATE's window, the nonce at the start,
 * the end and side by side), and a page without a nonce.
 */

const NONCE = 'q44Oc1oYpCBcXENlC1bmrw==';
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('', '\u0000', '<script nonce="', '€ß漢字', NONCE.slice(0, 10)),
  fc.integer({ min: 1, max: 3 }).map((n) => '<div class="card">lot</div>'.repeat(n * 900)),
);

it('answers every new nonce with the page as if the nonce were replaced in it', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(text, { maxLength: 8 }),
      fc.base64String({ minLength: 24, maxLength: 24 }),
      async (pieces, fresh) => {
        const page = pieces.join(NONCE);
        const parts = await cutAtNonce(page, NONCE);
        const expected = page.replaceAll(NONCE, fresh);
        const plain = withNonce(parts, fresh).toString('utf8');
        const gzipped = gunzipSync(gzipWithNonce(parts, fresh)).toString('utf8');
        if (plain !== expected || gzipped !== expected)
          expect({ plain, gzipped }).toEqual({ plain: expected, gzipped: expected });
      },
    ),
    { numRuns: 300 },
  );
});

it('compresses a page about as well as whole (each part refers back across the nonces), and keeps a page without a nonce as it is', async () => {
  const card = (i: number) => `<li class="card"><a href="/marketplace/bid/lot-${i}">Lot ${i}: wheel loader</a></li>`;
  const page = Array.from(
    { length: 20 },
    (_, i) =>
      `<script nonce="${NONCE}">self.__next_f.push([${i}])</script><ul>${Array.from({ length: 20 }, (_, j) => card(j)).join('')}</ul>`,
  ).join('');
  const parts = await cutAtNonce(page, NONCE);
  // The nonces themselves are stored, not compressed: 24 bytes and a 5-byte block header each.
  expect(gzipWithNonce(parts, 'A'.repeat(24)).length).toBeLessThan(gzipSync(page, { level: 1 }).length + 20 * 40);
  const none = await cutAtNonce('<p>no scripts</p>', null);
  expect(gunzipSync(gzipWithNonce(none, '')).toString()).toBe('<p>no scripts</p>');
  expect(() => withNonce(parts, 'short')).toThrow(RangeError);
});
