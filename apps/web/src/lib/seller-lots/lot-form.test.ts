import { describe, expect, it } from 'vitest';
import { formatAmount, lotFormSchema, parseAmount, parseLotForm } from './lot-form';

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};

describe('the lot form', () => {
  it('reads amounts in dollars as minor units, and back', () => {
    expect(parseAmount('1,250.5')).toBe(125_050);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('-3')).toBeNaN();
    expect(formatAmount(125_050)).toBe('1250.50');
    expect(formatAmount(100)).toBe('1');
  });

  it('parses a filled form into the API body', () => {
    const parsed = parseLotForm(
      form({ number: '5', name: 'Pump', type: 'AuctionLot', quantity: '2', startingBid: '100', pickup: 'on' }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      body: { number: '5', quantity: 2, startingBid: 10_000, reserveBid: null, shippingOptions: ['pickup'] },
    });
  });

  it('names each bad field with the contract’s message', () => {
    const parsed = parseLotForm(
      form({ number: '', name: 'Pump', type: 'AuctionLot', quantity: '-1', startingBid: 'x' }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.fieldErrors).sort()).toEqual(['number', 'quantity', 'startingBid']);
    expect(parsed.fieldErrors.number).toBe('The lot number is required.');
  });

  it('checks react-hook-form’s values (ticked boxes as true) with the same schema and messages', () => {
    const typed = { number: '5', name: 'Pump', type: 'AuctionLot', quantity: '2', startingBid: '100', pickup: true };
    expect(lotFormSchema.parse({ ...typed, bestOfferEnabled: false })).toMatchObject({
      startingBid: 10_000,
      shippingOptions: ['pickup'],
      bestOfferEnabled: false,
    });
    const bad = lotFormSchema.safeParse({ ...typed, number: '', startingBid: 'x' });
    expect(bad.success).toBe(false);
    const fromForm = parseLotForm(form({ ...typed, number: '', startingBid: 'x', pickup: 'on' }));
    // The first message a field, as the form shows it.
    const messages: Record<string, string> = {};
    for (const i of bad.error?.issues ?? []) messages[String(i.path[0])] ??= i.message;
    expect(fromForm.ok ? {} : fromForm.fieldErrors).toEqual(messages);
  });
});
