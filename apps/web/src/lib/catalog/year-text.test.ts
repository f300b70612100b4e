import { describe, expect, it } from 'vitest';
import { yearText } from './year-text';

describe('yearText', () => {
  it('joins distinct from-to years with a dash', () => {
    expect(yearText({ from: 2018, to: 2021 })).toBe('2018-2021');
  });
  it('shows one year when both are the same or one is missing', () => {
    expect(yearText({ from: 2019, to: 2019 })).toBe('2019');
    expect(yearText({ from: 2019, to: null })).toBe('2019');
    expect(yearText({ from: null, to: 2020 })).toBe('2020');
  });
  it("is '-' without years", () => {
    expect(yearText({ from: null, to: null })).toBe('-');
  });
});
