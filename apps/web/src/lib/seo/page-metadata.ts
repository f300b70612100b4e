import type { Metadata } from 'next';
import { absoluteUrl } from '../env.server';
import { imageUrl } from '../images';

export interface PageMetadataInput {
  title: string;
  description: string;
  /** The canonical path, e.g. `/marketplace/bid/cnc-lathe/123`; query strings only where they name a distinct page. */
  path: string;
  /** Absolute or site-relative image URLs for link previews, largest first. */
  images?: string[];
  /** Open Graph type; `website` unless the page is an article-like document. */
  type?: 'website' | 'article';
  /** Keep the page out of search indexes (it is still followed). */
  noIndex?: boolean;
}

/** The width of link-preview and structured-data images (Open Graph recommends 1200 px). */
export const SHARE_IMAGE_WIDTH = 1200;

/** The same description length search engines show; longer text is cut at a word. */
const DESCRIPTION_MAX = 160;

export function clipDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * Title, description, canonical link, Open Graph and Twitter card for a page,
 * all with absolute URLs on the public origin (PUBLIC_ORIGIN).
 */
export function pageMetadata(input: PageMetadataInput): Metadata {
  const url = absoluteUrl(input.path);
  const description = clipDescription(input.description);
  // Link previews want a raster image about 1200 px wide: stored photos (often SVG) go through the resizer.
  const images = (input.images ?? []).map((src) => absoluteUrl(imageUrl(src, SHARE_IMAGE_WIDTH)));
  return {
    title: input.title,
    description,
    alternates: { canonical: url },
    openGraph: {
      type: input.type ?? 'website',
      siteName: 'Lotline',
      url,
      title: input.title,
      description,
      ...(images.length > 0 ? { images } : {}),
    },
    twitter: {
      card: images.length > 0 ? 'summary_large_image' : 'summary',
      title: input.title,
      description,
      ...(images.length > 0 ? { images } : {}),
    },
    ...(input.noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}
