import { describe, expect, it } from 'vitest';
import { missingSteps } from './missing-steps';

const done = {
  hasPaymentMethod: true,
  hasAddress: true,
  hasBillingAddress: true,
  hasShippingAddress: true,
  isActivated: true,
  isAccountSetupCompleted: true,
  taxExemptionRequired: false,
  taxExemptionSatisfied: true,
  verified: true,
};

describe('missingSteps', () => {
  it('lists nothing for a verified user', () => {
    expect(missingSteps(done)).toEqual([]);
  });

  it('lists exactly the steps that are not done, each with its link', () => {
    const steps = missingSteps({ ...done, isActivated: false, hasShippingAddress: false, verified: false });
    expect(steps).toEqual([
      { label: 'Activate your account', href: '/account#profile-title' },
      { label: 'Add a shipping address', href: '/account#addresses-title' },
    ]);
  });

  it('asks a reseller for the tax exemption', () => {
    const steps = missingSteps({ ...done, taxExemptionRequired: true, taxExemptionSatisfied: false, verified: false });
    expect(steps.map((s) => s.label)).toEqual(['Add a tax exemption certificate']);
  });
});
