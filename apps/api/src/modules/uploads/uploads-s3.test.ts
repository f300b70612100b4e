import { errorEnvelope } from '@lotline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, url } from '../../test/app';
import { get, ORIGIN, signUpUser } from '../identity/test-helpers';
import { multipartBody, pngBytes } from './test-helpers';

/** With S3 configured, the API hands out S3 policies and takes no uploads itself. No request reaches S3. */
describe('uploads with S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        s3: {
          bucket: 'lotline-uploads',
          region: 'us-east-1',
          endpoint: undefined,
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
          forcePathStyle: false,
        },
      },
    });
  });
  afterAll(() => t.close());

  it('answers an S3 presigned POST with the same {url, fields} contract', async () => {
    const { id, cookie } = await signUpUser(t);
    const res = await get(
      t,
      url('/ars/api/file-upload', {
        filename: 'spec.pdf',
        contentType: 'application/pdf',
        size: '2048',
        application: 'ars',
      }),
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { url: target, fields } = res.json().data;
    expect(target).toBe('https://lotline-uploads.s3.us-east-1.amazonaws.com/');
    expect(fields.key).toMatch(new RegExp(`^uploads/ars/${id}/[0-9a-f-]{36}\\.pdf$`));
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 2048, 2048]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
  });

  it('still applies the size and type rules before signing', async () => {
    const { cookie } = await signUpUser(t);
    const big = await get(
      t,
      url('/ars/api/file-upload', { filename: 'clip.mp4', size: '31457281', application: 'ars' }),
      cookie,
    );
    expect(big.statusCode).toBe(413);
    expect(errorEnvelope.parse(big.json()).errors[0]?.code).toBe('FILE_TOO_LARGE');
  });

  it('does not serve the embedded storage endpoint', async () => {
    const { payload, contentType } = multipartBody({ key: 'x' }, { filename: 'a.png', content: pngBytes(10) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/ars/api/file-storage',
      headers: { 'content-type': contentType, origin: ORIGIN },
      payload,
    });
    expect(res.statusCode).toBe(404);
  });
});

/** A private upload in S3: the API checks the reader, then redirects to a presigned GET (decision 0027). */
describe('private files with S3 storage', () => {
  let t: TestApp;
  let bucket: import('node:http').Server;
  const heads: string[] = [];
  beforeAll(async () => {
    const http = await import('node:http');
    // Stands in for the bucket: every object exists.
    bucket = http.createServer((req, res) => {
      heads.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-length': '0' }).end();
    });
    await new Promise<void>((done) => bucket.listen(0, '127.0.0.1', done));
    const { port } = bucket.address() as import('node:net').AddressInfo;
    t = await createTestApp({
      config: {
        s3: {
          bucket: 'lotline-uploads',
          region: 'us-east-1',
          endpoint: `http://127.0.0.1:${port}`,
          accessKeyId: 'AKIDEXAMPLE',
          secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
          forcePathStyle: true,
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((done) => bucket.close(done));
  });

  it('redirects the owner to a one-minute presigned GET, and answers 404 to anyone else without asking S3', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const policy = await get(
      t,
      url('/ars/api/file-upload', { filename: 'c.pdf', size: '2048', application: 'marketplace' }),
      owner.cookie,
    );
    const key = policy.json().data.fields.key as string;
    for (const cookie of [undefined, other.cookie]) {
      const res = await get(t, `/files/${key}`, cookie);
      expect(res.statusCode).toBe(404);
    }
    expect(heads).toEqual([]);
    const res = await get(t, `/files/${key}`, owner.cookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const signed = new URL(res.headers.location as string);
    expect(signed.pathname).toBe(`/lotline-uploads/${key}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(heads).toEqual([`HEAD /lotline-uploads/${key}`]);
  });
});
