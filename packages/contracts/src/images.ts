/**
 * The photo resizing of `GET /files/{path}?w=…&q=…` (decision 0023): the
 * widths and WebP qualities it accepts. Few on purpose: every pair is one
 * cached file per photo, so an open range would let anyone fill the disk.
 */
export const IMAGE_WIDTHS = [200, 400, 800, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_QUALITIES = [30, 50, 75] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];

/** Quality 30 keeps demo photos and logos sharp enough at a fraction of the bytes. */
export const DEFAULT_IMAGE_QUALITY: ImageQuality = 30;
