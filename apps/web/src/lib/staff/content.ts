/** The staff content pages (decision 0084). */
export const STAFF_CONTENT_PATH = '/staff/content';
export const STAFF_FEATURED_SELLERS_PATH = '/staff/content/featured-sellers';
export const STAFF_SECTIONS_PATH = '/staff/content/sections';
export const STAFF_TERMS_PATH = '/staff/content/terms';
export const staffSectionPath = (sectionId: string) => `${STAFF_SECTIONS_PATH}/${encodeURIComponent(sectionId)}`;

/** A draft list of company ids in a URL: comma-separated (ids hold no commas). */
export const draftIds = (value: string | string[] | undefined): string[] | undefined =>
  typeof value === 'string' && value !== ''
    ? value.split(',').filter((id) => id.length > 0 && id.length <= 200)
    : undefined;

/** Moves, removes or adds one id of a draft list; an op it does not understand leaves the list as it was. */
export function applyListOp(ids: readonly string[], op: string, added: string): string[] {
  const [kind, at] = op.split(':');
  const i = Number(at);
  const out = [...ids];
  if (kind === 'add') return added && !out.includes(added) ? [...out, added] : out;
  if (!Number.isInteger(i) || i < 0 || i >= out.length) return out;
  if (kind === 'remove') out.splice(i, 1);
  if (kind === 'up' && i > 0) [out[i - 1], out[i]] = [out[i] as string, out[i - 1] as string];
  if (kind === 'down' && i < out.length - 1) [out[i + 1], out[i]] = [out[i] as string, out[i + 1] as string];
  return out;
}
