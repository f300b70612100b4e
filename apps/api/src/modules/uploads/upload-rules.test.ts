import { UPLOAD_EXTENSIONS } from '@lotline/contracts';
import { describe, expect, it } from 'vitest';
import { matchesExtension } from './magic-bytes';
import { checkUpload, EXTENSION_RULES, extensionOf } from './upload-rules';

describe('checkUpload', () => {
  it('knows a type for exactly the extensions the client allows, each of its kind', () => {
    const byKind = Object.entries(EXTENSION_RULES).map(([ext, rule]) => [rule.kind, ext]);
    const expected = Object.entries(UPLOAD_EXTENSIONS).flatMap(([kind, exts]) => exts.map((ext) => [kind, ext]));
    expect(byKind.sort()).toEqual(expected.sort());
  });

  it.each([
    ['clip.mp4', 31_457_280, 'video'],
    ['clip.AVI', 31_457_280, 'video'],
    ['clip.wmv', 1, 'video'],
    ['clip.mov', 1, 'video'],
    ['photo.heics', 10_485_760, 'image'],
    ['sheet.csv', 10_485_760, 'document'],
  ])('allows %s of %i bytes as a %s', (name, size, kind) => {
    expect(checkUpload(name, undefined, size).kind).toBe(kind);
  });

  it.each([
    ['clip.mp4', 31_457_281, 'FILE_TOO_LARGE'],
    ['photo.webp', 10_485_761, 'FILE_TOO_LARGE'],
    ['deck.pptx', 10_485_761, 'FILE_TOO_LARGE'],
    ['anim.gif', 10, 'FILE_TYPE_NOT_ALLOWED'],
    ['photo.svg', 10, 'FILE_TYPE_NOT_ALLOWED'],
    ['.png', 10, 'FILE_TYPE_NOT_ALLOWED'],
  ])('refuses %s of %i bytes with %s', (name, size, code) => {
    expect(() => checkUpload(name, undefined, size)).toThrow(expect.objectContaining({ code }));
  });

  it('accepts the types browsers report for an extension and refuses others', () => {
    expect(checkUpload('data.csv', 'application/vnd.ms-excel', 5).contentType).toBe('text/csv');
    expect(checkUpload('photo.jpg', 'image/jpeg; charset=binary', 5).contentType).toBe('image/jpeg');
    expect(checkUpload('photo.jpg', 'application/octet-stream', 5).contentType).toBe('image/jpeg');
    expect(() => checkUpload('photo.jpg', 'image/svg+xml', 5)).toThrow(
      expect.objectContaining({ code: 'FILE_TYPE_NOT_ALLOWED' }),
    );
  });

  it('reads the extension of the last path segment only', () => {
    expect(extensionOf('a.tar/evil')).toBe('');
    expect(extensionOf('C:\\x\\Photo.JPeG')).toBe('jpeg');
  });
});

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
// Padded with spaces to the 64 bytes a real file offers (spaces keep the CSV text).
const padded = (b: Buffer) => Buffer.concat([b, Buffer.alloc(64 - b.length, 0x20)]);

describe('matchesExtension', () => {
  it.each([
    ['jpg', hex('ffd8ffe000104a464946')],
    ['png', hex('89504e470d0a1a0a')],
    ['heic', Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1')],
    ['bmp', Buffer.from('BM\x36\0\0\0\0\0\0\0\x36\0\0\0', 'latin1')],
    ['webp', Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1')],
    ['mp4', Buffer.from('\0\0\0\x20ftypisom\0\0\x02\0', 'latin1')],
    ['mov', Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0', 'latin1')],
    ['avi', Buffer.from('RIFF\x24\0\0\0AVI LIST', 'latin1')],
    ['wmv', hex('3026b2758e66cf11a6d900aa0062ce6c')],
    ['pdf', Buffer.from('%PDF-1.7\n')],
    ['docx', hex('504b030414000600')],
    ['csv', Buffer.from('lot,price\n1,"Lathe — 1 200 €"\n')],
  ])('accepts a real %s header', (extension, head) => {
    expect(matchesExtension(extension, padded(head), false)).toBe(true);
  });

  it.each([
    ['png', hex('ffd8ffe000104a464946')],
    ['jpg', Buffer.from('<html><script>')],
    ['heic', Buffer.from('\0\0\0\x18ftypisom\0\0\0\0', 'latin1')],
    ['webp', Buffer.from('RIFF\x24\0\0\0AVI LIST', 'latin1')],
    ['pdf', Buffer.from('PK\x03\x04', 'latin1')],
    ['csv', hex('89504e470d0a1a0a')],
    ['csv', Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x62, 0x0a, 0x63, 0x0a, 0x64, 0x0a])],
    ['exe', hex('4d5a9000')],
  ])('refuses %s with the wrong content', (extension, head) => {
    expect(matchesExtension(extension, head, true)).toBe(false);
  });
});
