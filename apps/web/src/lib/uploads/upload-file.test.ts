import { describe, expect, it, vi } from 'vitest';
import { checkFileBeforeUpload, uploadFile } from './upload-file';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const policy = (url: string, fields: Record<string, string>) => json(200, { status: 'success', data: { url, fields } });

describe('checkFileBeforeUpload', () => {
  it("answers the spec's messages for files over their limit", () => {
    expect(checkFileBeforeUpload({ name: 'tour.mov', size: 31_457_281 })?.message).toBe(
      'tour.mov cannot be added since it exceeds the maximum limit of 30 mb',
    );
    expect(checkFileBeforeUpload({ name: 'photo.jpg', size: 10_485_761 })?.message).toBe(
      'photo.jpg cannot be added since it exceeds the maximum limit of 10 mb',
    );
    expect(checkFileBeforeUpload({ name: 'tour.mov', size: 31_457_280 })).toBeUndefined();
    expect(checkFileBeforeUpload({ name: 'run.exe', size: 1 })?.code).toBe('FILE_TYPE_NOT_ALLOWED');
  });
});

describe('uploadFile', () => {
  it('asks for a policy, then posts every field and the file last', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
      if (String(input).startsWith('/ars/api/file-upload?')) {
        const params = new URL(String(input), 'http://x').searchParams;
        expect(Object.fromEntries(params)).toEqual({
          filename: 'photo.png',
          size: '4',
          application: 'marketplace',
          contentType: 'image/png',
        });
        return policy('http://localhost:3000/ars/api/file-storage', { key: 'uploads/k.png', Policy: 'p' });
      }
      const form = init?.body as FormData;
      expect([...form.keys()]).toEqual(['key', 'Policy', 'file']);
      return new Response(null, { status: 204 });
    });
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'photo.png', { type: 'image/png' });
    await expect(uploadFile(file, 'marketplace', fetchImpl)).resolves.toEqual({ key: 'uploads/k.png' });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it("names the company a listing's file is charged to", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      if (String(input).startsWith('/ars/api/file-upload?')) {
        const params = new URL(String(input), 'http://x').searchParams;
        expect(params.get('companyId')).toBe('co_1');
        expect(params.get('application')).toBe('marketplace');
        return policy('http://localhost:3000/ars/api/file-storage', { key: 'uploads/c.pdf' });
      }
      return new Response(null, { status: 204 });
    });
    const file = new File([new Uint8Array([1])], 'catalog.pdf', { type: 'application/pdf' });
    await expect(uploadFile(file, { application: 'marketplace', companyId: 'co_1' }, fetchImpl)).resolves.toEqual({
      key: 'uploads/c.pdf',
    });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('never asks the API about a file that is too large', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const file = new File([new Uint8Array(10_485_761)], 'scan.pdf');
    await expect(uploadFile(file, 'ars', fetchImpl)).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("throws the API's first error code", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(401, { status: 'error', errors: [{ code: 'UNAUTHENTICATED', message: 'Sign in to continue.' }] }),
    );
    const file = new File(['x'], 'a.png');
    await expect(uploadFile(file, 'ars', fetchImpl)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('rejects a failed storage upload with "Failed to upload {file} to" and the bucket', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input) =>
      String(input).startsWith('/ars/api/file-upload')
        ? policy('https://lotline-uploads.s3.us-east-1.amazonaws.com/', { key: 'k', bucket: 'lotline-uploads' })
        : new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }),
    );
    await expect(uploadFile(new File(['x'], 'a.png'), 'ars', fetchImpl)).rejects.toThrow(
      'Failed to upload a.png to lotline-uploads',
    );
    const network = vi.fn<typeof fetch>(async (input) => {
      if (String(input).startsWith('/ars/api/file-upload')) return policy('/ars/api/file-storage', { key: 'k' });
      throw new TypeError('fetch failed');
    });
    await expect(uploadFile(new File(['x'], 'b.png'), 'ars', network)).rejects.toThrow(
      'Failed to upload b.png to localhost',
    );
  });
});
