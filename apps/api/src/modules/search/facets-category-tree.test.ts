import { describe, expect, it } from 'vitest';
import { buildCategoryFacetTree, type CategoryRow } from './facets-category-tree';

const cat = (id: string, parent?: CategoryRow): CategoryRow => ({
  id,
  name: id.toUpperCase(),
  slug: id,
  parentId: parent?.id ?? null,
  pathId: `${parent?.pathId ?? '/'}${id}/`,
});

describe('buildCategoryFacetTree', () => {
  const machining = cat('machining');
  const lathes = cat('lathes', machining);
  const cnc = cat('cnc', lathes);
  const mills = cat('mills', machining);
  const trucks = cat('trucks');
  const empty = cat('empty');
  const all = [machining, lathes, cnc, mills, trucks, empty];

  it('rolls counts up to every ancestor and keeps only counted nodes', () => {
    const tree = buildCategoryFacetTree(
      all,
      new Map([
        ['cnc', 2],
        ['lathes', 1],
        ['machining', 4],
        ['trucks', 3],
        ['unknown', 9],
      ]),
    );
    expect(tree).toEqual([
      {
        _id: 'machining',
        name: 'MACHINING',
        slug: 'machining',
        parentId: null,
        count: 7,
        children: [
          {
            _id: 'lathes',
            name: 'LATHES',
            slug: 'lathes',
            parentId: 'machining',
            count: 3,
            children: [{ _id: 'cnc', name: 'CNC', slug: 'cnc', parentId: 'lathes', count: 2, children: [] }],
          },
        ],
      },
      { _id: 'trucks', name: 'TRUCKS', slug: 'trucks', parentId: null, count: 3, children: [] },
    ]);
  });

  it('orders siblings by count, then name', () => {
    const tree = buildCategoryFacetTree(
      all,
      new Map([
        ['mills', 1],
        ['lathes', 1],
        ['trucks', 5],
      ]),
    );
    expect(tree.map((n) => [n._id, n.count])).toEqual([
      ['trucks', 5],
      ['machining', 2],
    ]);
    expect(tree[1]?.children.map((n) => n._id)).toEqual(['lathes', 'mills']);
  });

  it('is empty without counts', () => {
    expect(buildCategoryFacetTree(all, new Map())).toEqual([]);
  });
});
