import type { ProductCategory } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { categoryOutline } from './categories';

const cat = (id: string, parentId: string | null, name = id): ProductCategory => ({
  _id: id,
  name,
  slug: id,
  parentId,
  imgFilename: null,
  status: 'active',
  type: 'regular',
  totalDocCount: 0,
});

describe('categoryOutline', () => {
  it('puts parents before children, siblings by name, and knows each branch', () => {
    const rows = categoryOutline([cat('c', 'b'), cat('b', 'a'), cat('z', null, 'Zed'), cat('a', null, 'Alpha')]);
    expect(rows.map((r) => [r.category._id, r.depth])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['z', 0],
    ]);
    expect([...(rows[0]?.branch ?? [])].sort()).toEqual(['a', 'b', 'c']);
    expect([...(rows[3]?.branch ?? [])]).toEqual(['z']);
  });
});
