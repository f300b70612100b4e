import { describe, expect, it, vi } from 'vitest';
import { serializeJsonLd } from './json-ld';
import { clipDescription, pageMetadata } from './page-metadata';

describe('serializeJsonLd', () => {
  it('adds the schema.org context and escapes < so a value cannot close the script', () => {
    const json = serializeJsonLd({ '@type': 'Product', name: 'Lathe </script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Lathe </script><script>alert(1)</script>',
    });
  });
});

describe('clipDescription', () => {
  it('flattens white space and keeps short text whole', () => {
    expect(clipDescription('  A  CNC\nlathe ')).toBe('A CNC lathe');
  });
  it('cuts long text at a word and marks the cut', () => {
    const text = `${'word '.repeat(50)}end`;
    const clipped = clipDescription(text, 40);
    expect(clipped.length).toBeLessThanOrEqual(40);
    expect(clipped.endsWith('word…')).toBe(true);
  });
});

describe('pageMetadata', () => {
  it('gives an absolute canonical URL, Open Graph and Twitter tags on the public origin', () => {
    vi.stubEnv('PUBLIC_ORIGIN', 'https://lotline.example');
    try {
      const meta = pageMetadata({
        title: 'CNC lathe',
        description: 'A lathe.',
        path: '/marketplace/bid/cnc-lathe/42',
        images: ['/files/photos/a.svg'],
      });
      expect(meta.alternates?.canonical).toBe('https://lotline.example/marketplace/bid/cnc-lathe/42');
      expect(meta.openGraph).toMatchObject({
        url: 'https://lotline.example/marketplace/bid/cnc-lathe/42',
        title: 'CNC lathe',
        images: ['https://lotline.example/files/photos/a.svg?w=1200'],
      });
      expect(meta.twitter).toMatchObject({ card: 'summary_large_image' });
      expect(meta.robots).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
    }
  });
  it('marks a page noindex when asked and uses a summary card without images', () => {
    const meta = pageMetadata({ title: 'x', description: 'y', path: '/x', noIndex: true });
    expect(meta.robots).toEqual({ index: false, follow: true });
    expect(meta.twitter).toMatchObject({ card: 'summary' });
  });
});
