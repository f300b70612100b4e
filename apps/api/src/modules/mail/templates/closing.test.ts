import { describe, expect, it } from 'vitest';
import { formatMoney, formatUtc } from '../../../lib/money';
import { lotLostMail, lotWonMail, reserveNotMetMail } from './closing';

const lot = { number: '12', name: 'Crane <XL>', currency: 'USD', url: 'https://lotline.test/marketplace/bid/lot/l1' };
const to = { email: 'ann@example.test', name: 'Ann' };

describe('closing mails', () => {
  it('you won: subject, price, link; the HTML escapes the lot name', () => {
    const mail = lotWonMail(to, lot, 125_000);
    expect(mail.to).toBe('ann@example.test');
    expect(mail.subject).toBe('You won Crane <XL>');
    expect(mail.text).toContain('Congratulations: you won lot 12 “Crane <XL>” at $1,250.00.');
    expect(mail.text).toContain(`View the lot: ${lot.url}`);
    expect(mail.html).toContain('Crane &lt;XL&gt;');
    expect(mail.html).not.toContain('<XL>');
  });

  it('you lost: the closing price and your maximum, or the reserve the seller did not accept', () => {
    const lost = lotLostMail(to, lot, { yourMaximum: 90_000, price: 125_000 });
    expect(lost.subject).toBe('You did not win Crane <XL>');
    expect(lost.text).toContain('Bidding on lot 12 “Crane <XL>” closed at $1,250.00.');
    expect(lost.text).toContain('Your maximum bid was $900.00: another bidder won.');
    const refused = lotLostMail(to, lot, { yourMaximum: 90_000, price: null, reserveNotAccepted: true });
    expect(refused.text).toContain('The seller did not accept your bid of $900.00 on lot 12 “Crane <XL>”');
    expect(refused.text).toContain('The lot closed unsold.');
  });

  it('reserve not met: the leader learns until when the seller may accept', () => {
    const mail = reserveNotMetMail(to, lot, 80_000, new Date('2026-11-26T14:05:00Z'));
    expect(mail.subject).toBe('Reserve not met on Crane <XL>');
    expect(mail.text).toContain(
      "Your bid of $800.00 was the highest on lot 12 “Crane <XL>”, but it did not reach the seller's reserve.",
    );
    expect(mail.text).toContain('The seller may still accept it until Nov 26, 2026, 14:05 UTC;');
  });

  it('formats money by the currency’s minor units', () => {
    expect(formatMoney(123_456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(5_000, 'JPY')).toBe('¥5,000');
    expect(formatMoney(100, 'EUR')).toBe('€1.00');
    expect(formatUtc(new Date('2026-01-02T03:04:00Z'))).toBe('Jan 2, 2026, 03:04 UTC');
  });
});
