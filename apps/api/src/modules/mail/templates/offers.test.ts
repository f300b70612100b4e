import { describe, expect, it } from 'vitest';
import {
  counterAcceptedMail,
  counterDeclinedMail,
  type OfferMailFacts,
  offerAcceptedMail,
  offerCounteredMail,
  offerDeclinedMail,
  offerExpiredMail,
  offerReceivedMail,
} from './offers';

const to = { email: 'pat@example.com', name: 'Pat' };
const facts: OfferMailFacts = {
  lotName: 'Forklift',
  lotNumber: '12',
  currency: 'CAD',
  quantity: 1,
  amount: 150_000,
  counterAmount: 175_000,
  expiresAt: new Date('2026-11-26T14:05:00Z'),
};

describe('offer e-mails', () => {
  it('received: the amount, the message, the deadline and the seller’s offers page', () => {
    const m = offerReceivedMail(to, { ...facts, quantity: 2 }, 'https://x.test/seller/offers', 'Can pick up Friday');
    expect(m.subject).toBe('New offer on Forklift');
    expect(m.text).toContain('A buyer offered CA$1,500.00 each for 2 units on lot 12 “Forklift”.');
    expect(m.text).toContain('Their message: Can pick up Friday');
    expect(m.text).toContain('before Nov 26, 2026, 14:05 UTC');
    expect(m.text).toContain('Answer the offer: https://x.test/seller/offers');
  });

  it('countered, accepted, counter accepted, declined and expired say what happened and link on', () => {
    expect(offerCounteredMail(to, facts, 'https://x.test/account/offers').text).toContain(
      'with a counter-offer of CA$1,750.00',
    );
    const accepted = offerAcceptedMail(to, facts, 'https://x.test/account/orders/o1', 175_000);
    expect([accepted.subject, accepted.text.includes('accepted at CA$1,750.00')]).toEqual([
      'Offer accepted: Forklift',
      true,
    ]);
    expect(counterAcceptedMail(to, facts, 'https://x.test/seller/orders/o1').text).toContain(
      'View the order: https://x.test/seller/orders/o1',
    );
    expect(offerDeclinedMail(to, facts, 'https://x.test/lot').subject).toBe('Offer declined: Forklift');
    expect(counterDeclinedMail(to, facts, 'https://x.test/seller/offers').text).toContain(
      'The buyer declined your counter-offer of CA$1,750.00 on lot 12 “Forklift”.',
    );
    expect(offerExpiredMail(to, { ...facts, counterAmount: null }, 'https://x.test/lot').text).toContain(
      'Your offer of CA$1,500.00 on lot 12 “Forklift” expired',
    );
    expect(offerExpiredMail(to, facts, 'https://x.test/lot').text).toContain(
      "The seller's counter-offer of CA$1,750.00",
    );
  });
});
