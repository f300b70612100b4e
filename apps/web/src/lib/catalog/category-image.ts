/**
 * A category's picture (`imgFilename` of contract §3 product categories). The
 * category pictures are stored with the site's photos, which the API serves
 * under /files/demo-photos/.
 */
export function categoryImageSrc(imgFilename: string | null): string {
  return imgFilename ? `/files/demo-photos/${encodeURIComponent(imgFilename)}` : '/images/lot-placeholder.svg';
}
