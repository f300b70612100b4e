import { describe, expect, it } from 'vitest';
import { commaListOf, keyParam } from './reads-params';
import { fileUploadQuerystring } from './uploads';

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

describe('keyParam', () => {
  const key = keyParam(20);
  const messages = (raw: string) => key.safeParse(raw).error?.issues.map((i) => i.message) ?? [];

  it('takes a key and refuses control characters', () => {
    expect(key.parse('lot_123')).toBe('lot_123');
    expect(messages('lot\u0000x')).toEqual(['Must not contain control characters']);
  });

  it('says of an empty key only that it is too short', () => {
    expect(messages('')).toHaveLength(1);
    expect(messages('')[0]).toMatch(/>=1 characters/);
  });
});

describe('the upload policy size', () => {
  const sizeMessages = (size: string) =>
    fileUploadQuerystring
      .safeParse({ filename: 'a.png', size, application: 'marketplace' })
      .error?.issues.map((i) => i.message) ?? [];

  it('names a negative size as negative and a zero size as an empty file', () => {
    expect(sizeMessages('-1')).toEqual(['The size cannot be negative']);
    expect(sizeMessages('0')).toEqual(['An empty file cannot be uploaded']);
    expect(sizeMessages('1000')).toEqual([]);
  });
});
