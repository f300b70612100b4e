import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3Config } from '../../config';
import type { PresignedPost, UploadStorage, UploadTarget } from './storage';

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
