import { describe, expect, it } from 'vitest';
import { commaListOf } from './reads-params';

describe('commaListOf', () => {
  const colours = commaListOf(['red', 'green', 'blue'] as const, 'colour', 20);

  it.each([
    ['red', ['red']],
    ['green,red', ['green', 'red']],
    [' blue , red ,', ['blue', 'red']],
    ['red,red', ['red']],
    ['', []],
    [',,', []],
  ])('reads %j as %j', (raw, names) => expect(colours.parse(raw)).toEqual(names));

  it.each([
    ['Red', 'Unknown colour "Red"; allowed: red, green, blue'],
    ['red,pink,grey', 'Unknown colour "pink"; allowed: red, green, blue'],
  ])('refuses %j, naming the first unknown name and the allowed ones', (raw, message) => {
    const r = colours.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a list longer than its maximum', () => {
    expect(colours.safeParse('red,green,blue,red,green').success).toBe(false);
  });
});
