import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI of the search extras', () => {
  it('documents each endpoint under its tag, with the recursive category node as a resolvable component', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const tags = (path: string) => doc.paths[path]?.get?.tags;
    expect(tags('/marketplace/api/search/lot-facets')).toEqual(['search']);
    expect(tags('/marketplace/api/search/lots/fallback')).toEqual(['search']);
    expect(tags('/marketplace/api/search/lots/similar')).toEqual(['search']);
    expect(tags('/marketplace/api/search/events')).toEqual(['search']);
    expect(tags('/marketplace/api/cms/filler-sections')).toEqual(['cms']);
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(expect.arrayContaining(['search', 'cms']));

    const facets =
      doc.paths['/marketplace/api/search/lot-facets'].get.responses['200'].content['application/json'].schema;
    const ref = facets.properties.data.properties.facets.properties.productCategory.items.$ref;
    expect(ref).toBe('#/components/schemas/CategoryFacetNode');
    const node = doc.components.schemas.CategoryFacetNode;
    expect(node.properties.children.items.$ref).toBe(ref);
  });
});
