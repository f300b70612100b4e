const MAX_SLUG_LENGTH = 80;

/**
 * URL slug of a title: lower-case ASCII letters and digits joined by single
 * hyphens ("Haas VF-2 CNC (2019)" → "haas-vf-2-cnc-2019"). Accents are folded
 * ("Müller" → "muller"); other scripts drop out, so the result may be empty.
 * Long titles are cut at a word boundary (`maxLength`, 80 unless told): the id,
 * not the slug, finds the lot.
 */
export function slugify(text: string, maxLength = MAX_SLUG_LENGTH): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, maxLength)).replace(/-+$/, '');
}
