import { describe, expect, it } from 'vitest';
import { threadPageHref, threadPageOf } from './thread-page';

describe('threadPageOf', () => {
  it.each([
    [undefined, 1],
    ['1', 1],
    ['2', 2],
    ['10000', 10_000],
    ['10001', 1],
    ['0', 1],
    ['-1', 1],
    ['01', 1],
    ['2.5', 1],
    ['abc', 1],
    ['', 1],
    [['3', '4'], 3],
  ] as const)('reads %j as page %i', (raw, page) => {
    expect(threadPageOf(raw as string | string[] | undefined)).toBe(page);
  });
});

describe('threadPageHref', () => {
  it('leaves the newest page without a parameter', () => {
    expect(threadPageHref('/account/messages/cnv_1', 1)).toBe('/account/messages/cnv_1');
    expect(threadPageHref('/account/messages/cnv_1', 3)).toBe('/account/messages/cnv_1?page=3');
  });
});
