import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipCounting } from './counting-unzip.mjs';
import { honest, zeros, zipClaiming } from './test-lying-zip';

const GB = 1024 * 1024 * 1024;
const reasonOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    return (err as { reason?: string }).reason ?? String(err);
  }
  return 'passed';
};

describe('inflating a ZIP by its real bytes', () => {
  it('passes honest archives: stored, deflated and empty files, in directory order', () => {
    const photo = randomBytes(70_000);
    const text = new TextEncoder().encode('lathe '.repeat(10_000));
    const archive = zipSync({
      'a.png': [photo, { level: 0 }],
      'dir/b.txt': [text, { level: 9 }],
      'empty.txt': new Uint8Array(0),
    });
    const files = unzipCounting(archive, { maxTotalBytes: GB });
    expect(files.map(([path]) => path)).toEqual(['a.png', 'dir/b.txt', 'empty.txt']);
    expect(Buffer.from(files[0]?.[1] ?? []).equals(photo)).toBe(true);
    expect(Buffer.from(files[1]?.[1] ?? []).equals(Buffer.from(text))).toBe(true);
    expect(files[2]?.[1].byteLength).toBe(0);
  });

  it('refuses a file at the first byte past its declared size, and takes one of exactly that size', () => {
    const content = randomBytes(100_001);
    const claiming = (size: number) => zipClaiming([{ ...honest('a.png', content), claimedSize: size }]);
    expect(reasonOf(() => unzipCounting(claiming(100_000), { maxTotalBytes: GB }))).toBe('lie');
    const [[, read] = ['', new Uint8Array()]] = unzipCounting(claiming(100_001), { maxTotalBytes: GB });
    expect(Buffer.from(read).equals(content)).toBe(true);
    // Fewer bytes than it claims: damaged, refused too.
    expect(reasonOf(() => unzipCounting(claiming(100_002), { maxTotalBytes: GB }))).toBe('lie');
  });

  it('stops a bomb at its first step: 100 MB claiming 100 bytes never reaches the end of its stream', () => {
    const bomb = zeros('a.png', 100, 100);
    // The second half of the stream is cut: an inflater that read on would find it broken ("unreadable").
    const cut = { ...bomb, deflated: bomb.deflated.subarray(0, bomb.deflated.byteLength / 2) };
    expect(reasonOf(() => unzipCounting(zipClaiming([cut]), { maxTotalBytes: GB }))).toBe('lie');
    expect(
      reasonOf(() => unzipCounting(zipClaiming([{ ...cut, claimedSize: 200 * 1024 * 1024 }]), { maxTotalBytes: GB })),
    ).toBe('unreadable');
  });

  it('checks the declared count and total before inflating anything (the files below are no deflate at all)', () => {
    const junk = (name: string) => ({ name, deflated: randomBytes(64), claimedSize: 600 });
    const archive = zipClaiming([junk('a.png'), junk('b.png'), junk('__MACOSX/._a.png')]);
    expect(reasonOf(() => unzipCounting(archive, { maxTotalBytes: 1000 }))).toBe('size');
    expect(reasonOf(() => unzipCounting(archive, { maxTotalBytes: GB, maxEntries: 2 }))).toBe('entries');
    const photosOnly = { maxTotalBytes: 1200, maxEntries: 2, keep: (path: string) => !path.startsWith('__MACOSX/') };
    expect(reasonOf(() => unzipCounting(archive, photosOnly))).toBe('unreadable');
  });

  it('refuses what is no ZIP, or points past its end', () => {
    expect(reasonOf(() => unzipCounting(new TextEncoder().encode('number,name\n1,Lathe'), { maxTotalBytes: GB }))).toBe(
      'unreadable',
    );
    const archive = zipClaiming([honest('a.png', randomBytes(1000))]);
    expect(reasonOf(() => unzipCounting(archive.subarray(200), { maxTotalBytes: GB }))).toBe('unreadable');
  });
});
