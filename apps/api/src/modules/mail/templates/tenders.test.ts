import { describe, expect, it } from 'vitest';
import { tenderAwardedMail, tenderNotAwardedMail, tenderReceivedMail } from './tenders';

const to = { email: 'pat@example.com', name: 'Pat' };
const lot = { number: '1042', name: 'CNC lathe', currency: 'USD', url: 'https://lotline.test/marketplace/bid/lot/l1' };

describe('tender e-mails', () => {
  it('"received" names no amount (sealed until the close), first or replaced, and gives the close', () => {
    const first = tenderReceivedMail(to, lot, { replaced: false, closesAt: new Date('2026-12-01T15:00:00Z') });
    expect(first.subject).toBe('Your tender on CNC lathe is in');
    expect(first.text).toContain('We received your sealed tender on lot 1042 “CNC lathe”.');
    expect(first.text).toContain('until the lot closes on Dec 1, 2026, 15:00 UTC.');
    expect(first.text).toContain(`View the lot: ${lot.url}`);
    const again = tenderReceivedMail(to, lot, { replaced: true, closesAt: null });
    expect(again.text).toContain('It replaces your previous tender.');
    for (const m of [first, again]) expect(`${m.subject}${m.text}${m.html}`).not.toMatch(/\$\d/);
  });

  it('"awarded" links the order; "not awarded" names only the reader’s amount', () => {
    const won = tenderAwardedMail(to, lot, 1_500_000, 'https://lotline.test/account/orders/o1');
    expect(won.subject).toBe('Your tender on CNC lathe was accepted');
    expect(won.text).toContain('your tender of $15,000.00');
    expect(won.text).toContain('View your order: https://lotline.test/account/orders/o1');
    const lost = tenderNotAwardedMail(to, lot, 1_200_000);
    expect(lost.subject).toBe('Your tender on CNC lathe was not accepted');
    expect(lost.text).toContain('your tender of $12,000.00');
  });
});
