import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config';
import { AppError } from '../../lib/errors';
import {
  type PresignedPost,
  READ_URL_TTL_S,
  type StoredRead,
  type UploadStorage,
  type UploadTarget,
  type Visibility,
} from './storage';

/**
 * S3-compatible storage (decision 0012): a presigned POST whose policy pins
 * the key, the Content-Type and the exact size, so the bucket itself refuses
 * anything else. The bucket's CORS must allow POST from PUBLIC_ORIGIN.
 */
export class S3UploadStorage implements UploadStorage {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    private readonly now: () => Date = () => new Date(),
    private readonly location: {
      region: string;
      endpoint?: string | undefined;
      forcePathStyle?: boolean;
      /** This site's origin: private files are opened at its `/files/<key>`, which checks the reader. */
      publicOrigin?: string;
    } = {
      region: 'us-east-1',
    },
  ) {}

  async createPresignedPost(target: UploadTarget): Promise<PresignedPost> {
    const seconds = Math.max(1, Math.floor((target.expiresAt.getTime() - this.now().getTime()) / 1000));
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: target.key,
      Conditions: [
        ['content-length-range', target.size, target.size],
        ['eq', '$Content-Type', target.contentType],
      ],
      Fields: { 'Content-Type': target.contentType },
      Expires: seconds,
    });
    return { url, fields };
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound') return false;
      throw err;
    }
  }

  /**
   * A presigned GET, valid READ_URL_TTL_S seconds, whose answer the bucket
   * marks `private, no-store`; only handed out after the reader was checked.
   */
  async read(key: string): Promise<StoredRead> {
    if (!(await this.exists(key))) throw AppError.notFound('No such file');
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseCacheControl: 'private, no-store' });
    return { redirect: await getSignedUrl(this.client, command, { expiresIn: READ_URL_TTL_S }) };
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * A public object's URL (virtual-hosted or path style); a private one's is
   * this site's `/files/<key>`, which checks the reader and then redirects to
   * a presigned GET (the bucket itself stays private).
   */
  fileUrl(key: string, visibility: Visibility = 'public'): string {
    const { publicOrigin } = this.location;
    if (visibility === 'private') {
      if (!publicOrigin) throw new Error('S3UploadStorage needs publicOrigin to address private files');
      return `${publicOrigin}/files/${key}`;
    }
    const path = key.split('/').map(encodeURIComponent).join('/');
    const { region, endpoint, forcePathStyle } = this.location;
    if (!endpoint) return `https://${this.bucket}.s3.${region}.amazonaws.com/${path}`;
    const base = endpoint.replace(/\/+$/, '');
    return forcePathStyle ? `${base}/${this.bucket}/${path}` : `${base.replace('://', `://${this.bucket}.`)}/${path}`;
  }
}

export function s3ClientFor(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // Without keys the SDK's default chain applies (environment, instance role, …).
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
}
