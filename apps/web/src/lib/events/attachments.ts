import { firstValue, type RawSearchParams } from '../browse/search-params';

/** Spec §5: the attachment filter. */
export const ATTACHMENT_FILTERS = ['all', 'media', 'file'] as const;
export type AttachmentFilter = (typeof ATTACHMENT_FILTERS)[number];

/** Spec §5: media = jpg, jpeg, png; every other extension (or none) is a file. */
const MEDIA_EXTENSIONS = new Set(['jpg', 'jpeg', 'png']);

/** The extension of an address's last path segment, lower-cased; '' when it has none. */
export function extensionOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const attachmentKind = (url: string): Exclude<AttachmentFilter, 'all'> =>
  MEDIA_EXTENSIONS.has(extensionOf(url)) ? 'media' : 'file';

export function filterAttachments<T extends { url: string }>(attachments: T[], filter: AttachmentFilter): T[] {
  return filter === 'all' ? attachments : attachments.filter((a) => attachmentKind(a.url) === filter);
}

/** The URL parameter of the filter; anything unknown is 'all'. */
export const ATTACHMENTS_PARAM = 'attachments';
export function parseAttachmentFilter(raw: RawSearchParams): AttachmentFilter {
  const value = firstValue(raw[ATTACHMENTS_PARAM]);
  return (ATTACHMENT_FILTERS as readonly string[]).includes(value ?? '') ? (value as AttachmentFilter) : 'all';
}
