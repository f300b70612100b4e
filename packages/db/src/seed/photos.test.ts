import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PHOTO_KINDS,
  photoFileName,
  photoKindForCategory,
  renderPhotoSvg,
  writeDemoPhotos,
  writeTaggedPhotos,
} from './photos';

/** Tiny well-formedness check: balanced tags and only known entities / no stray markup characters. */
function checkWellFormed(svg: string): string | null {
  const stack: string[] = [];
  const tagRe = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tagRe.exec(svg); m; m = tagRe.exec(svg)) {
    const text = svg.slice(last, m.index);
    if (/[<>]/.test(text)) return `stray markup in text: ${text.slice(0, 40)}`;
    if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(text)) return `bad entity in text: ${text.slice(0, 40)}`;
    const attrs = m[3] ?? '';
    if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(attrs)) return `bad entity in attribute of <${m[2]}>`;
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      const open = stack.pop();
      if (open !== name) return `mismatched </${name}>, expected </${open}>`;
    } else if (!selfClosing) {
      stack.push(name ?? '');
    }
    last = tagRe.lastIndex;
    if (stack.length === 0 && last !== svg.length) return 'content after root element';
  }
  if (last !== svg.length) return `unparsed trailing content: ${svg.slice(last, last + 40)}`;
  if (stack.length) return `unclosed tags: ${stack.join(', ')}`;
  return null;
}

describe('renderPhotoSvg', () => {
  it('produces well-formed standalone SVG for every kind and variant', () => {
    for (const kind of PHOTO_KINDS) {
      for (let variant = 0; variant < 6; variant++) {
        const svg = renderPhotoSvg({ kind, variant, label: 'CNC Lathes' });
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
        expect(svg).toContain('viewBox="0 0 800 600"');
        expect(checkWellFormed(svg), `${kind}-${variant}`).toBeNull();
        expect(svg).not.toMatch(/href=|@import|url\((?!#)/);
        expect(Buffer.byteLength(svg, 'utf8')).toBeLessThan(8 * 1024);
      }
    }
  });

  it('is deterministic', () => {
    const a = renderPhotoSvg({ kind: 'vehicles', variant: 3, label: 'Box Trucks' });
    const b = renderPhotoSvg({ kind: 'vehicles', variant: 3, label: 'Box Trucks' });
    expect(a).toBe(b);
  });

  it('escapes the label', () => {
    const svg = renderPhotoSvg({ kind: 'lab', variant: 3, label: `<script>&"'` });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&amp;&quot;&apos;');
    expect(checkWellFormed(svg)).toBeNull();
  });

  it('draws the label in the caption', () => {
    expect(renderPhotoSvg({ kind: 'machine-tools', variant: 0, label: 'CNC Lathes' })).toContain('>CNC Lathes</text>');
  });

  it('renders a distinct image for every kind x variant', () => {
    const all = new Set<string>();
    for (const kind of PHOTO_KINDS) {
      for (let variant = 0; variant < 6; variant++) all.add(renderPhotoSvg({ kind, variant, label: 'Same label' }));
    }
    expect(all.size).toBe(PHOTO_KINDS.length * 6);
  });

  it('honours a custom size', () => {
    const svg = renderPhotoSvg({ kind: 'packaging', variant: 1, label: 'Conveyors', width: 400, height: 400 });
    expect(svg).toContain('viewBox="0 0 400 400"');
    expect(checkWellFormed(svg)).toBeNull();
  });
});

describe('photoKindForCategory', () => {
  it('maps exact slugs to themselves', () => {
    for (const kind of PHOTO_KINDS) expect(photoKindForCategory(kind)).toBe(kind);
  });

  it('maps unknown slugs stably into the list', () => {
    const a = photoKindForCategory('agricultural-equipment');
    expect(PHOTO_KINDS).toContain(a);
    expect(photoKindForCategory('agricultural-equipment')).toBe(a);
    const spread = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((s) => photoKindForCategory(`unknown-${s}`)));
    expect(spread.size).toBeGreaterThan(1);
  });
});

describe('photoFileName / writeDemoPhotos', () => {
  it('names files by kind and variant', () => {
    expect(photoFileName('machine-tools', 3)).toBe('machine-tools-3.svg');
  });

  it('gives the tagged view a lot number of its own, in its file name and on its tag', () => {
    expect(photoFileName('machine-tools', 4, 'A-12')).toBe('machine-tools-4-lot-A-12.svg');
    expect(photoFileName('machine-tools', 3, 'A-12')).toBe('machine-tools-3.svg');
    const tagged = renderPhotoSvg({ kind: 'machine-tools', variant: 4, label: 'CNC Lathes', lotNumber: '1' });
    expect(tagged).toContain('>LOT 1<');
    // A shared photo (no lot) shows no number that some lot could contradict.
    const shared = renderPhotoSvg({ kind: 'machine-tools', variant: 4, label: 'CNC Lathes' });
    expect(shared).toContain('>LOT<');
    expect(shared).not.toMatch(/>LOT \d/);
  });

  it('writes each lot’s tagged view with its number, escaped, as a fresh render would draw it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lotline-tagged-'));
    try {
      const tags = [
        { kind: 'machine-tools' as const, lotNumber: '1' },
        { kind: 'machine-tools' as const, lotNumber: 'A-12' },
        { kind: 'lab' as const, lotNumber: '1005' },
      ];
      expect(await writeTaggedPhotos(dir, { 'machine-tools': 'CNC Lathes' }, tags)).toBe(3);
      for (const { kind, lotNumber } of tags) {
        const file = await readFile(join(dir, photoFileName(kind, 4, lotNumber)), 'utf8');
        const label = kind === 'lab' ? 'Lab' : 'CNC Lathes';
        expect(file).toBe(renderPhotoSvg({ kind, variant: 4, label, lotNumber }));
        expect(file).toContain(`>LOT ${lotNumber}<`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes 6 files per kind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lotline-photos-'));
    try {
      const target = join(dir, 'nested', 'photos');
      const names = await writeDemoPhotos(target, { 'machine-tools': 'CNC Lathes' });
      expect(names).toHaveLength(PHOTO_KINDS.length * 6);
      const files = await readdir(target);
      expect(files.sort()).toEqual([...names].sort());
      for (const kind of PHOTO_KINDS) expect(files.filter((f) => f.startsWith(`${kind}-`))).toHaveLength(6);
      expect(await readFile(join(target, 'machine-tools-3.svg'), 'utf8')).toContain('CNC Lathes');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
