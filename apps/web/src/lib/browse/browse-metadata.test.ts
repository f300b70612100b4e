import { describe, expect, it } from 'vitest';
import { browseMetadata } from './browse-metadata';

const ORIGIN = 'http://localhost:3000';

describe('browseMetadata', () => {
  it('gives the lots page a title, a description and its canonical address', () => {
    const meta = browseMetadata({}, 'assets');
    expect(meta.title).toBe('Browse lots');
    expect(meta.description).toMatch(/^Industrial assets for sale on Lotline/);
    expect(meta.alternates?.canonical).toBe(`${ORIGIN}/marketplace/lots`);
    expect(meta.openGraph).toMatchObject({ url: `${ORIGIN}/marketplace/lots`, title: 'Browse lots' });
    expect(meta.robots).toBeUndefined();
  });

  it('uses the canonical form of the address: defaults dropped, filters kept', () => {
    const meta = browseMetadata({ page: '1', 'sale-format': 'auction', status: 'active' }, 'assets');
    const canonical = new URL(String(meta.alternates?.canonical));
    expect(canonical.pathname).toBe('/marketplace/lots');
    expect(canonical.searchParams.get('page')).toBeNull();
    expect(canonical.searchParams.get('sale-format')).toBe('auction');
  });

  it("names a category's page after the category, on the category's path", () => {
    const meta = browseMetadata({}, 'assets', { slug: 'machine-tools', name: 'Machine Tools' });
    expect(meta.title).toBe('Machine Tools for sale');
    expect(meta.alternates?.canonical).toBe(`${ORIGIN}/marketplace/lots/machine-tools`);
  });

  it('keeps keyword searches out of search indexes, still followed', () => {
    const meta = browseMetadata({ keyword: 'lathe' }, 'assets');
    expect(meta.title).toBe('Search results for “lathe”');
    expect(meta.robots).toEqual({ index: false, follow: true });
  });

  it('gives the events page its own title and address', () => {
    const meta = browseMetadata({}, 'events');
    expect(meta.title).toBe('Browse events');
    expect(meta.alternates?.canonical).toBe(`${ORIGIN}/marketplace/events`);
  });
});
