import { randomUUID } from 'node:crypto';
import type { PresignedPost, UploadStorage } from './storage';
import { checkUpload, type UploadApplication } from './upload-rules';

/** Every key issued to this user for this application starts so: the key itself records the uploader. */
export function uploadKeyPrefix(application: UploadApplication, userId: string): string {
  return `uploads/${application}/${userId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100)}/`;
}

/** How long a POST policy stays valid. */
export const POLICY_TTL_MS = 15 * 60_000;

export interface UploadRequest {
  filename: string;
  contentType?: string | undefined;
  size: number;
  application: UploadApplication;
  /** The company whose listing the file is for: it pays (decision 0085). */
  companyId?: string | undefined;
}

/**
 * A POST policy for one file: the type and size are checked against the
 * spec's rules, and the key is ours (application, user, a random id and the
 * checked extension), never derived from the client's file name. The policy
 * is recorded (and the quota checked) before it is signed.
 */
export async function requestUpload(
  storage: UploadStorage,
  userId: string,
  request: UploadRequest,
  now: Date,
  /** Checks the user's quota and records the issued key (upload-records.ts); throws to refuse. */
  record: (upload: { key: string; userId: string; size: number; companyId: string | null }) => Promise<void>,
): Promise<PresignedPost> {
  const checked = checkUpload(request.filename, request.contentType, request.size);
  const key = `${uploadKeyPrefix(request.application, userId)}${randomUUID()}.${checked.extension}`;
  await record({ key, userId, size: checked.size, companyId: request.companyId ?? null });
  return storage.createPresignedPost({
    key,
    contentType: checked.contentType,
    size: checked.size,
    expiresAt: new Date(now.getTime() + POLICY_TTL_MS),
  });
}
