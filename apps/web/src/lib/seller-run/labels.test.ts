import { describe, expect, it } from 'vitest';
import { depositText, verificationText } from './labels';
import { sellerEventLivePath, sellerEventRegistrationsPath } from './paths';

describe('seller run labels', () => {
  it('says the verification in words', () => {
    expect(verificationText({ verified: true, activated: true })).toBe('Verified (card, addresses and e-mail)');
    expect(verificationText({ verified: false, activated: false })).toBe('Not verified: e-mail not activated');
    expect(verificationText({ verified: false, activated: true })).toBe(
      'Not verified: card, address or tax exemption missing',
    );
  });

  it('says the deposit with its amount and state', () => {
    expect(depositText(null)).toBe('No deposit');
    expect(depositText({ amount: 50_000, currency: 'USD', status: 'held', expiresAt: null })).toBe(
      '$500 held on the card',
    );
    expect(depositText({ amount: 50_000, currency: 'USD', status: 'released', expiresAt: null })).toBe('$500 released');
  });

  it('builds the page paths under the event', () => {
    expect(sellerEventRegistrationsPath('ev 1')).toBe('/seller/events/ev%201/registrations');
    expect(sellerEventLivePath('ev_1')).toBe('/seller/events/ev_1/live');
  });
});
