import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBlockJpeg } from './files/jpeg';
import { renderDocx, renderXlsx } from './files/office';
import { renderPdf } from './files/pdf';
import { encodePng } from './files/png';
import { monogram, renderLogo } from './generate-sellers';

/** Reads the central directory of a ZIP: entry names and stored sizes. */
function zipEntries(buffer: Buffer): string[] {
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(buffer.readUInt32LE(offset)).toBe(0x02014b50);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const local = buffer.readUInt32LE(offset + 42);
    expect(buffer.readUInt32LE(local)).toBe(0x04034b50);
    names.push(buffer.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength;
  }
  return names;
}

describe('demo attachment files', () => {
  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = renderPdf('Terms (draft)', ['Line one', 'Price: $1,000 \\ net']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/(\d{10}) 00000 n/g)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => {
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
    expect(pdf).toContain('(Terms \\(draft\\)) Tj');
  });

  it('writes a PNG with the right header and pixel data', () => {
    const png = encodePng(4, 3, (x) => [x * 60, 0, 255]);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(4);
    expect(png.readUInt32BE(20)).toBe(3);
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(raw.length).toBe(3 * (1 + 4 * 3));
    expect([...raw.subarray(1, 7)]).toEqual([0, 0, 255, 60, 0, 255]);
  });

  it('writes a baseline JPEG with SOI, SOF0 and EOI markers', () => {
    const jpg = encodeBlockJpeg(3, 2, (bx) => [bx * 100, 50, 255]);
    expect([...jpg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...jpg.subarray(-2)]).toEqual([0xff, 0xd9]);
    const sof = jpg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(jpg.readUInt16BE(sof + 5)).toBe(16); // height
    expect(jpg.readUInt16BE(sof + 7)).toBe(24); // width
  });

  it('writes .xlsx and .docx packages with their required parts', () => {
    expect(
      zipEntries(
        renderXlsx('Lots', [
          ['Item', 'Year'],
          ['Lathe & chuck', 2019],
        ]),
      ),
    ).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(zipEntries(renderDocx('Removal', ['Bring <riggers>']))).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/document.xml',
    ]);
  });

  it('draws seller logos with an escaped wordmark and a monogram', () => {
    expect(monogram('Midwest Industrial Liquidators, LLC')).toBe('MI');
    const svg = renderLogo('Bayou Marine & Industrial', 4);
    expect(svg).toContain('Bayou Marine &amp; Industrial');
    expect(svg).toContain('>BM</text>');
  });
});
