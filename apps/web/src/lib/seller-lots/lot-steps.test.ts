import { describe, expect, it } from 'vitest';
import { firstStepWith, flatErrors, LOT_STEPS } from './lot-steps';

describe('the lot form steps', () => {
  it('put every field of the form on exactly one step', () => {
    const all = LOT_STEPS.flatMap((s) => [...s.fields]);
    expect(new Set(all).size).toBe(all.length);
    expect(LOT_STEPS.map((s) => s.title)).toEqual(['The lot', 'Prices', 'Logistics', 'Values']);
  });

  it('open the first step with an error, whichever order the errors come in', () => {
    expect(firstStepWith(['netBookValue', 'reserveBid'])).toBe(1);
    expect(firstStepWith(['pickup'])).toBe(2);
    expect(firstStepWith(['name', 'transferValue'])).toBe(0);
    expect(firstStepWith(['lot'])).toBeNull();
    expect(firstStepWith([])).toBeNull();
  });

  it('map nested and server errors to one message a field', () => {
    expect(
      flatErrors({
        number: { type: 'server', message: 'That lot number is already used in this event.' },
        shippingOptions: [undefined, { type: 'invalid_value', message: 'Not a shipping option.' }],
        reserveBid: { type: 'custom', message: 'The reserve must be at least the starting bid.', ref: {} },
        empty: {},
      }),
    ).toEqual({
      number: 'That lot number is already used in this event.',
      shippingOptions: 'Not a shipping option.',
      reserveBid: 'The reserve must be at least the starting bid.',
    });
  });
});
