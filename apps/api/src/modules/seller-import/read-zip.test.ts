import { MAX_IMPORT_ZIP_ENTRIES } from '@lotline/contracts';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inZipTurn, MAX_ZIP_PREVIEWS_WAITING, readZip } from './read-zip';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A ZIP whose central directory claims `size` uncompressed bytes for its one entry (a zip bomb's header). */
function claiming(size: number): Uint8Array {
  const zip = zipSync({ 'a.png': bytes('x') }, { level: 0 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i < zip.length - 4; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return zip;
}

describe('reading the ZIP of photos', () => {
  it('matches by file name only: folders and "../" are dropped, the case ignored, junk skipped', async () => {
    const zip = zipSync({ '../../etc/A.PNG': bytes('1'), 'x/b.jpg': bytes('2'), '__MACOSX/._b.jpg': bytes('3') });
    expect([...(await readZip(zip)).keys()].sort()).toEqual(['a.png', 'b.jpg']);
  });

  it('refuses a ZIP that declares more than 1 GB uncompressed before inflating anything', async () => {
    await expect(readZip(claiming(0xffff_fff0))).rejects.toThrow('more than 1024 MB uncompressed');
  });

  it(`refuses more than ${MAX_IMPORT_ZIP_ENTRIES} files`, async () => {
    const files = Object.fromEntries(
      Array.from({ length: MAX_IMPORT_ZIP_ENTRIES + 1 }, (_, i) => [`${i}.png`, new Uint8Array(0)]),
    );
    await expect(readZip(zipSync(files, { level: 0 }))).rejects.toThrow(`more than ${MAX_IMPORT_ZIP_ENTRIES} files`);
  });

  it('one preview with a ZIP at a time: a second waits for the first to end, even when it fails', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const first = inZipTurn(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('first ends');
      throw new Error('refused');
    });
    const second = inZipTurn(async () => {
      order.push('second starts');
      return 2;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['first starts']);
    release();
    await expect(first).rejects.toThrow('refused');
    expect(await second).toBe(2);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it(`past ${MAX_ZIP_PREVIEWS_WAITING} waiting previews with a ZIP, the next is refused with 503 and Retry-After, and later ones run`, async () => {
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: number[] = [];
    const running = inZipTurn(async () => {
      await blocked;
      ran.push(0);
    });
    const waiting = Array.from({ length: MAX_ZIP_PREVIEWS_WAITING }, (_, i) => inZipTurn(async () => ran.push(i + 1)));
    const refused = inZipTurn(async () => ran.push(99));
    await expect(refused).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      headers: { 'Retry-After': '60' },
    });
    release();
    await running;
    await Promise.all(waiting);
    expect(ran).toEqual(Array.from({ length: MAX_ZIP_PREVIEWS_WAITING + 1 }, (_, i) => i));
    // The queue is free again, also after a refusal and a failure.
    await expect(inZipTurn(async () => Promise.reject(new Error('bad sheet')))).rejects.toThrow('bad sheet');
    expect(await inZipTurn(async () => 'next')).toBe('next');
  });
});
