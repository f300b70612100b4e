import { RECENTLY_VIEWED_LIMIT } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { LOTS_VIEWED_MAX, nextLotsViewed } from './lots-viewed';

describe('nextLotsViewed', () => {
  it('starts a list with the viewed lot', () => {
    expect(nextLotsViewed(undefined, 'mp2_1')).toEqual(['mp2_1']);
  });
  it('puts the viewed lot first and keeps the others in order, once each', () => {
    expect(nextLotsViewed('["a","b","c"]', 'c')).toEqual(['c', 'a', 'b']);
    expect(nextLotsViewed('["a","b"]', 'z')).toEqual(['z', 'a', 'b']);
  });
  it(`keeps at most ${LOTS_VIEWED_MAX} ids, dropping the oldest`, () => {
    expect(nextLotsViewed('["a","b","c","d"]', 'e')).toEqual(['e', 'a', 'b', 'c']);
    expect(LOTS_VIEWED_MAX).toBe(4);
    // The plain-JavaScript list keeps what the recently viewed row reads (spec §7).
    expect(LOTS_VIEWED_MAX).toBe(RECENTLY_VIEWED_LIMIT);
  });
  it('starts over from a cookie that is not a JSON list of ids', () => {
    expect(nextLotsViewed('not json', 'x')).toEqual(['x']);
    expect(nextLotsViewed('{"a":1}', 'x')).toEqual(['x']);
    expect(nextLotsViewed('["a",1,null,"",{"b":2}]', 'x')).toEqual(['x', 'a']);
  });
});
