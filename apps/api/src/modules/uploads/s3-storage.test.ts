import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { S3UploadStorage, s3ClientFor } from './s3-storage';

/** The presigned POST is computed locally (SigV4 over the policy); no request reaches S3 here. */

const NOW = new Date('2026-11-21T12:00:00Z');
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

function storage(client = new S3Client({ region: 'us-east-1', credentials })) {
  return new S3UploadStorage(client, 'lotline-uploads', () => NOW);
}

const target = {
  key: 'uploads/marketplace/user_1/2b1f1f5e-8a52-4c55-9a1e-4bb0c2b6a0f1.mp4',
  contentType: 'video/mp4',
  size: 31_457_280,
  expiresAt: new Date(NOW.getTime() + 15 * 60_000),
};

function decodePolicy(fields: Record<string, string>) {
  return JSON.parse(Buffer.from(fields.Policy as string, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };
}

describe('S3UploadStorage', () => {
  it('pins the exact size, the Content-Type, the key and the bucket in a signed policy', async () => {
    const { url, fields } = await storage().createPresignedPost(target);
    expect(url).toBe('https://lotline-uploads.s3.us-east-1.amazonaws.com/');
    expect(fields).toMatchObject({
      key: target.key,
      'Content-Type': 'video/mp4',
      bucket: 'lotline-uploads',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': expect.stringMatching(/^AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request$/),
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const policy = decodePolicy(fields);
    expect(policy.conditions).toContainEqual(['content-length-range', 31_457_280, 31_457_280]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'video/mp4']);
    expect(policy.conditions).toContainEqual({ key: target.key });
    expect(policy.conditions).toContainEqual({ bucket: 'lotline-uploads' });
  });

  it('expires when the target does (15 minutes)', async () => {
    const { fields } = await storage().createPresignedPost(target);
    const expiration = new Date(decodePolicy(fields).expiration).getTime();
    // The SDK counts from the real clock; the policy lasts the target's 15 minutes from now.
    const minutes = (expiration - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('uses a configured endpoint with path-style addressing (MinIO, R2, …)', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      S3_BUCKET: 'lotline-uploads',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://storage.example.com',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    if (!config.s3) throw new Error('S3 settings were not read');
    const { url, fields } = await storage(s3ClientFor(config.s3)).createPresignedPost(target);
    expect(url).toBe('https://storage.example.com/lotline-uploads');
    expect(fields['X-Amz-Credential']).toMatch(/\/auto\/s3\/aws4_request$/);
  });
});

describe('S3UploadStorage: stored files', () => {
  const withSend = (send: (command: unknown) => Promise<unknown>) =>
    new S3UploadStorage({ send } as unknown as S3Client, 'lotline-uploads', () => NOW);

  it('asks HeadObject whether a key is stored: found, not found, or a real failure', async () => {
    const seen: unknown[] = [];
    const found = withSend(async (command) => {
      seen.push((command as { input: unknown }).input);
      return {};
    });
    expect(await found.exists(target.key)).toBe(true);
    expect(seen).toEqual([{ Bucket: 'lotline-uploads', Key: target.key }]);

    const missing = withSend(async () => {
      throw Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
    });
    expect(await missing.exists(target.key)).toBe(false);

    const down = withSend(async () => {
      throw Object.assign(new Error('Forbidden'), { name: 'Forbidden', $metadata: { httpStatusCode: 403 } });
    });
    await expect(down.exists(target.key)).rejects.toThrow('Forbidden');
  });

  it("builds the object's URL for AWS, a path-style endpoint and a virtual-hosted endpoint", () => {
    const client = new S3Client({ region: 'us-east-1', credentials });
    const key = 'uploads/marketplace/u/a b.pdf';
    expect(new S3UploadStorage(client, 'b', () => NOW, { region: 'eu-west-1' }).fileUrl(key)).toBe(
      'https://b.s3.eu-west-1.amazonaws.com/uploads/marketplace/u/a%20b.pdf',
    );
    const minio = { region: 'us-east-1', endpoint: 'http://minio:9000/', forcePathStyle: true };
    expect(new S3UploadStorage(client, 'b', () => NOW, minio).fileUrl(key)).toBe(
      'http://minio:9000/b/uploads/marketplace/u/a%20b.pdf',
    );
    const r2 = { region: 'auto', endpoint: 'https://acct.r2.example.com' };
    expect(new S3UploadStorage(client, 'b', () => NOW, r2).fileUrl(key)).toBe(
      'https://b.acct.r2.example.com/uploads/marketplace/u/a%20b.pdf',
    );
  });
});

describe('S3UploadStorage: private files (decision 0027)', () => {
  const site = { region: 'us-east-1', publicOrigin: 'https://lotline.example' };

  it("addresses a private file at this site's /files/, which checks the reader first", () => {
    const client = new S3Client({ region: 'us-east-1', credentials });
    const s3 = new S3UploadStorage(client, 'lotline-uploads', () => NOW, site);
    expect(s3.fileUrl(target.key, 'private')).toBe(`https://lotline.example/files/${target.key}`);
    expect(s3.fileUrl(target.key)).toBe(`https://lotline-uploads.s3.us-east-1.amazonaws.com/${target.key}`);
  });

  it('reads a stored object as a presigned GET valid one minute, answered private and uncached', async () => {
    const client = new S3Client({ region: 'us-east-1', credentials });
    const sent: string[] = [];
    client.send = (async (command: { constructor: { name: string } }) => {
      sent.push(command.constructor.name);
      return {};
    }) as unknown as S3Client['send'];
    const read = await new S3UploadStorage(client, 'lotline-uploads', () => NOW, site).read(target.key);
    expect(sent).toEqual(['HeadObjectCommand']);
    if (!('redirect' in read)) throw new Error('expected a redirect');
    const signed = new URL(read.redirect);
    expect(signed.host).toBe('lotline-uploads.s3.us-east-1.amazonaws.com');
    expect(signed.pathname).toBe(`/${target.key}`);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(signed.searchParams.get('response-cache-control')).toBe('private, no-store');
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers NOT_FOUND for a missing object and deletes with DeleteObject', async () => {
    const inputs: unknown[] = [];
    const s3 = new S3UploadStorage(
      {
        send: async (command: { constructor: { name: string }; input: unknown }) => {
          inputs.push([command.constructor.name, command.input]);
          if (command.constructor.name === 'HeadObjectCommand') {
            throw Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });
          }
          return {};
        },
      } as unknown as S3Client,
      'lotline-uploads',
      () => NOW,
      site,
    );
    await expect(s3.read(target.key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await s3.delete(target.key);
    expect(inputs.at(-1)).toEqual(['DeleteObjectCommand', { Bucket: 'lotline-uploads', Key: target.key }]);
  });
});
