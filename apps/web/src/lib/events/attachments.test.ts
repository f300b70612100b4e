import { describe, expect, it } from 'vitest';
import { attachmentKind, extensionOf, filterAttachments, parseAttachmentFilter } from './attachments';

describe('attachment filter (spec §5)', () => {
  it('media is jpg, jpeg and png in any case; everything else is a file', () => {
    expect(['a.jpg', 'b.JPEG', '/x/c.png', 'https://cdn/x/d.PNG?v=2#top'].map(attachmentKind)).toEqual([
      'media',
      'media',
      'media',
      'media',
    ]);
    expect(['a.pdf', 'b.webp', 'c.heic', 'd.mp4', 'noext', '/dir.jpg/readme', '.png'].map(attachmentKind)).toEqual([
      'file',
      'file',
      'file',
      'file',
      'file',
      'file',
      'file',
    ]);
    expect(extensionOf('/files/demo-attachments/catalog.final.XLSX')).toBe('xlsx');
  });

  it('all is both; media and file keep their own, in order', () => {
    const list = [{ url: 'a.pdf' }, { url: 'b.jpg' }, { url: 'c.csv' }, { url: 'd.png' }];
    expect(filterAttachments(list, 'all')).toEqual(list);
    expect(filterAttachments(list, 'media')).toEqual([{ url: 'b.jpg' }, { url: 'd.png' }]);
    expect(filterAttachments(list, 'file')).toEqual([{ url: 'a.pdf' }, { url: 'c.csv' }]);
  });

  it('reads the URL parameter; an unknown value is all', () => {
    expect(parseAttachmentFilter({ attachments: 'media' })).toBe('media');
    expect(parseAttachmentFilter({ attachments: 'file' })).toBe('file');
    expect(parseAttachmentFilter({ attachments: 'video' })).toBe('all');
    expect(parseAttachmentFilter({})).toBe('all');
  });
});
