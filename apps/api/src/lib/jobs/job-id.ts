import { createHash } from 'node:crypto';

/**
 * A uuid derived from `name` (the layout of a version-5 uuid), for a job id that must be the same every time the
 * same thing is sent (a close instant, an order's settlement): the queue then ignores the repeats.
 */
export function uuidFrom(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
