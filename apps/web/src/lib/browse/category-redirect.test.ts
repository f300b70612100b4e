import { describe, expect, it } from 'vitest';
import { categoryRedirectTarget } from './category-redirect';

const renamed: Record<string, string> = { 'old-trucks': 'dump-trucks' };
const lookup = async (slug: string) => renamed[slug] ?? null;

describe('categoryRedirectTarget', () => {
  it("sends a former slug to the category's current one, query kept", async () => {
    expect(await categoryRedirectTarget('old-trucks', {}, lookup)).toBe('/marketplace/lots/dump-trucks');
    expect(await categoryRedirectTarget('old-trucks', { keyword: 'cat 320', page: '2' }, lookup)).toBe(
      '/marketplace/lots/dump-trucks?keyword=cat+320&page=2',
    );
  });

  it('gives no target for a slug no category had (the 404 page)', async () => {
    expect(await categoryRedirectTarget('never-was', {}, lookup)).toBeNull();
  });
});
