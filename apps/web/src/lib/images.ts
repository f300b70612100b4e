import { IMAGE_WIDTHS, type ImageQuality, type ImageWidth } from '@lotline/contracts/images';

/**
 * Every photo on the site goes through the API's resizer (decision 0023):
 * `/files/{path}?w={width}` answers WebP at that width (quality 30 unless `q`
 * says otherwise), cached for a year. Only stored files (`/files/…`) can be
 * resized; anything else (the web app's own static placeholders, a photo on
 * another host) is returned as it is.
 *
 *   <img {...responsivePhoto(photo.src, CARD_PHOTO)} width={400} height={300} alt=… />
 */

const FILES_PREFIX = '/files/';
/** Resolves relative sources; never part of a result. */
const BASE = 'http://resolve.invalid';

export function isResizable(src: string): boolean {
  return src.startsWith(FILES_PREFIX);
}

/** The URL of `src` resized to `width` pixels (an allowed width), keeping any query it already has. */
export function imageUrl(src: string, width: ImageWidth, quality?: ImageQuality): string {
  if (!isResizable(src)) return src;
  const url = new URL(src, BASE);
  url.searchParams.set('w', String(width));
  if (quality === undefined) url.searchParams.delete('q');
  else url.searchParams.set('q', String(quality));
  return `${url.pathname}${url.search}`;
}

/** A `srcset` of `src` at each width, or undefined when the source cannot be resized. */
export function srcSet(src: string, widths: readonly ImageWidth[], quality?: ImageQuality): string | undefined {
  if (!isResizable(src)) return undefined;
  return widths.map((w) => `${imageUrl(src, w, quality)} ${w}w`).join(', ');
}

/** How one kind of photo is shown: the widths offered and the `sizes` that tells the browser which to pick. */
export interface PhotoLayout {
  /** Ascending; the first is the `src` for browsers that ignore `srcset`. */
  widths: readonly [ImageWidth, ...ImageWidth[]];
  sizes: string;
}

/** `src`, `srcSet` and `sizes` for an `<img>`; a source that cannot be resized keeps only its `src`. */
export function responsivePhoto(src: string, layout: PhotoLayout): { src: string; srcSet?: string; sizes?: string } {
  const set = srcSet(src, layout.widths);
  if (!set) return { src };
  return { src: imageUrl(src, layout.widths[0]), srcSet: set, sizes: layout.sizes };
}

/**
 * Lot and catalog cards: one column below 640 px, two up to 1023 px (the
 * filter panel sits beside them above that), and at most about 400 px wide.
 */
export const CARD_PHOTO: PhotoLayout = {
  widths: [400, 800],
  sizes: '(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 400px',
};

/**
 * The one large photo of a detail page (a lot's gallery, a catalog product):
 * the page's width on phones and tablets, about 800 px beside the facts above.
 */
export const DETAIL_PHOTO: PhotoLayout = {
  widths: [400, 800, 1200],
  sizes: '(max-width: 1023px) 100vw, 800px',
};

/** Gallery thumbnails and category tiles' small pictures. */
export const THUMB_PHOTO: PhotoLayout = { widths: [200, 400], sizes: '96px' };

/** Category tiles on the home page: up to half a phone's width, 320 px on wider screens. */
export const TILE_PHOTO: PhotoLayout = { widths: [200, 400, 800], sizes: '(max-width: 639px) 50vw, 320px' };

/** Seller logos, shown at most 160 px wide. */
export const LOGO_PHOTO: PhotoLayout = { widths: [200, 400], sizes: '160px' };

/** The allowed widths, for pages that pick their own (e.g. a lot page's large photo: 800, 1200, 1600). */
export const PHOTO_WIDTHS = IMAGE_WIDTHS;
