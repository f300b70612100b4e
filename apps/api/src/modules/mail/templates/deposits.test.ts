import { describe, expect, it } from 'vitest';
import {
  depositReleasedMail,
  depositRenewalFailedMail,
  formatDeposit,
  registrationApprovedMail,
  registrationDeclinedMail,
} from './deposits';

const base = { to: { email: 'pat@example.test', name: 'Pat' }, eventName: 'Fleet Sale', url: 'https://x.test/e/1' };

describe('deposit and registration mails', () => {
  it('formats minor units in the currency’s own decimals', () => {
    expect(formatDeposit({ amount: 50_000, currency: 'USD' })).toBe('$500.00');
    expect(formatDeposit({ amount: 123_456, currency: 'EUR' })).toBe('€1,234.56');
    expect(formatDeposit({ amount: 5_000, currency: 'JPY' })).toBe('¥5,000');
  });

  it('deposit released: subject, amount, link', () => {
    const mail = depositReleasedMail({ ...base, deposit: { amount: 50_000, currency: 'USD' } });
    expect(mail.to).toBe('pat@example.test');
    expect(mail.subject).toBe('Your deposit for Fleet Sale was released');
    expect(mail.text).toContain('The hold of $500.00 on your card has been cancelled.');
    expect(mail.text).toContain('See the event: https://x.test/e/1');
  });

  it('registration approved and declined (with and without a deposit)', () => {
    expect(registrationApprovedMail(base).subject).toBe('You are approved to bid in Fleet Sale');
    const declined = registrationDeclinedMail({ ...base, deposit: { amount: 100, currency: 'USD' } });
    expect(declined.subject).toBe('Your registration for Fleet Sale was declined');
    expect(declined.text).toContain('The hold of $1.00 on your card has been cancelled.');
    expect(registrationDeclinedMail({ ...base, deposit: null }).text).not.toContain('hold');
  });

  it('renewal failed: the reason, what it means, the way out', () => {
    const mail = depositRenewalFailedMail({ ...base, reason: 'Your card was declined.' });
    expect(mail.subject).toBe('Action needed: your deposit for Fleet Sale could not be renewed');
    expect(mail.text).toContain('The renewal failed: Your card was declined.');
    expect(mail.text).toContain('Register again: https://x.test/e/1');
    expect(mail.html).toContain('<a href="https://x.test/e/1">Register again</a>');
  });
});
