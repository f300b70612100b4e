import { describe, expect, it } from 'vitest';
import { CARD_PHOTO, imageUrl, isResizable, LOGO_PHOTO, responsivePhoto, srcSet } from './images';

describe('imageUrl', () => {
  it('asks the API for a stored photo at a width', () => {
    expect(imageUrl('/files/demo-photos/lathe-1.svg', 400)).toBe('/files/demo-photos/lathe-1.svg?w=400');
    expect(imageUrl('/files/demo-photos/lathe-1.svg', 800, 75)).toBe('/files/demo-photos/lathe-1.svg?w=800&q=75');
  });

  it('keeps the query a source already has and replaces an earlier width', () => {
    expect(imageUrl('/files/uploads/a.jpg?v=2', 200)).toBe('/files/uploads/a.jpg?v=2&w=200');
    expect(imageUrl('/files/uploads/a.jpg?w=1600&q=50', 200)).toBe('/files/uploads/a.jpg?w=200');
  });

  it('keeps encoded characters of the path', () => {
    expect(imageUrl('/files/uploads/a%20b.png', 400)).toBe('/files/uploads/a%20b.png?w=400');
  });

  it.each([
    '/images/lot-placeholder.svg',
    'https://cdn.example.com/files/a.jpg',
    '//cdn.example.com/files/a.jpg',
    'data:image/png;base64,AAAA',
    'files/a.jpg',
  ])('leaves %s alone', (src) => {
    expect(isResizable(src)).toBe(false);
    expect(imageUrl(src, 400)).toBe(src);
    expect(srcSet(src, [400, 800])).toBeUndefined();
  });
});

describe('srcSet and responsivePhoto', () => {
  it('lists each width with its descriptor', () => {
    expect(srcSet('/files/p/x.svg', [400, 800])).toBe('/files/p/x.svg?w=400 400w, /files/p/x.svg?w=800 800w');
  });

  it('gives src, srcSet and sizes for a stored photo, the smallest width as src', () => {
    expect(responsivePhoto('/files/p/x.svg', CARD_PHOTO)).toEqual({
      src: '/files/p/x.svg?w=400',
      srcSet: '/files/p/x.svg?w=400 400w, /files/p/x.svg?w=800 800w',
      sizes: CARD_PHOTO.sizes,
    });
    expect(responsivePhoto('/files/logos/a.svg', LOGO_PHOTO).src).toBe('/files/logos/a.svg?w=200');
  });

  it('gives only src for a static placeholder', () => {
    expect(responsivePhoto('/images/lot-placeholder.svg', CARD_PHOTO)).toEqual({ src: '/images/lot-placeholder.svg' });
  });
});
