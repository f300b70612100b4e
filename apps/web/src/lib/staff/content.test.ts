import { describe, expect, it } from 'vitest';
import { applyListOp, draftIds } from './content';

describe('the featured sellers draft', () => {
  const ids = ['a', 'b', 'c'];
  it('moves, removes and adds ids', () => {
    expect(applyListOp(ids, 'up:1', '')).toEqual(['b', 'a', 'c']);
    expect(applyListOp(ids, 'down:1', '')).toEqual(['a', 'c', 'b']);
    expect(applyListOp(ids, 'remove:0', '')).toEqual(['b', 'c']);
    expect(applyListOp(ids, 'add', 'd')).toEqual(['a', 'b', 'c', 'd']);
  });
  it('leaves the list as it was for an edge or an op it does not know', () => {
    expect(applyListOp(ids, 'up:0', '')).toEqual(ids);
    expect(applyListOp(ids, 'down:2', '')).toEqual(ids);
    expect(applyListOp(ids, 'add', 'a')).toEqual(ids);
    expect(applyListOp(ids, 'remove:9', '')).toEqual(ids);
    expect(applyListOp(ids, 'drop:1', '')).toEqual(ids);
  });
  it('reads a draft from the URL', () => {
    expect(draftIds('a,b')).toEqual(['a', 'b']);
    expect(draftIds('')).toBeUndefined();
    expect(draftIds(['a'])).toBeUndefined();
  });
});
