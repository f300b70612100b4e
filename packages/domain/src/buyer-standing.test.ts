import { describe, expect, it } from 'vitest';
import { buyerBlocker, mayContactOrBid } from './buyer-standing';

describe('buyerBlocker (spec §5 Contact Seller flow)', () => {
  it.each([
    [false, false, 'unverified'],
    // Verification is asked about first, whatever the terms say.
    [false, true, 'unverified'],
    [true, false, 'terms'],
    [true, true, null],
  ] as const)('verified %s, agreed %s: %s', (verified, agreedToTerms, blocker) => {
    expect(buyerBlocker({ verified, agreedToTerms })).toBe(blocker);
    expect(mayContactOrBid({ verified, agreedToTerms })).toBe(blocker === null);
  });
});
