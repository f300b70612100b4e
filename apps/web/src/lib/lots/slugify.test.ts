import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify', () => {
  it('lower-cases and joins words with single hyphens', () => {
    expect(slugify('Haas VF-2 CNC  Vertical (2019)')).toBe('haas-vf-2-cnc-vertical-2019');
  });
  it('folds accents to ASCII', () => {
    expect(slugify('Müller Façade Crème')).toBe('muller-facade-creme');
  });
  it('trims leading and trailing separators', () => {
    expect(slugify('  --Forklift!-- ')).toBe('forklift');
  });
  it('returns an empty string when nothing ASCII remains', () => {
    expect(slugify('挖掘机')).toBe('');
  });
  it('cuts long titles at a word boundary', () => {
    const slug = slugify(`${'excavator '.repeat(20)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^excavator(-excavator)*$/);
  });
});
