import { describe, expect, it } from 'vitest';
import { movedOrder } from './moved-order';

describe('movedOrder', () => {
  const order = ['a', 'b', 'c'];

  it('moves one place up or down, or first', () => {
    expect(movedOrder(order, 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(movedOrder(order, 'b', 'down')).toEqual(['a', 'c', 'b']);
    expect(movedOrder(order, 'c', 'first')).toEqual(['c', 'a', 'b']);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('is null past either end, in place, for an unknown id or action', () => {
    expect(movedOrder(order, 'a', 'up')).toBeNull();
    expect(movedOrder(order, 'c', 'down')).toBeNull();
    expect(movedOrder(order, 'a', 'first')).toBeNull();
    expect(movedOrder(order, 'x', 'down')).toBeNull();
    expect(movedOrder(order, 'b', 'remove')).toBeNull();
    expect(movedOrder(order, 'b', null)).toBeNull();
  });
});
