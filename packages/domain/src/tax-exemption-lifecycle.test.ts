import { describe, expect, it } from 'vitest';
import { effectiveTaxExemptionStatus, exemptionCountsForVerification } from './tax-exemption-lifecycle';

const now = new Date('2026-06-01T12:00:00Z');
const before = new Date('2026-06-01T11:59:59Z');
const after = new Date('2026-06-01T12:00:01Z');

describe('the tax exemption lifecycle', () => {
  it('reads an active exemption at or past its expiry as expired, and every other status as stored', () => {
    expect(effectiveTaxExemptionStatus({ status: 'active', expiresAt: after }, now)).toBe('active');
    expect(effectiveTaxExemptionStatus({ status: 'active', expiresAt: now }, now)).toBe('expired');
    expect(effectiveTaxExemptionStatus({ status: 'active', expiresAt: before }, now)).toBe('expired');
    expect(effectiveTaxExemptionStatus({ status: 'active', expiresAt: null }, now)).toBe('active');
    expect(effectiveTaxExemptionStatus({ status: 'in-review', expiresAt: before }, now)).toBe('in-review');
    expect(effectiveTaxExemptionStatus({ status: 'revoked', expiresAt: after }, now)).toBe('revoked');
  });

  it('counts an exemption in review, or active and not past its expiry, for verification', () => {
    expect(exemptionCountsForVerification({ status: 'in-review', expiresAt: null }, now)).toBe(true);
    expect(exemptionCountsForVerification({ status: 'active', expiresAt: after }, now)).toBe(true);
    expect(exemptionCountsForVerification({ status: 'active', expiresAt: before }, now)).toBe(false);
    for (const status of ['expired', 'revoked'] as const) {
      expect(exemptionCountsForVerification({ status, expiresAt: null }, now)).toBe(false);
    }
  });
});
