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
