import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signPolicy } from './local-policy';
import { openStoredFile } from './open-stored-file';
import type { PresignedPost, StoredRead, UploadStorage, UploadTarget } from './storage';

/** Where the embedded storage takes the upload POST; the web origin forwards `/ars/api/…` to the API. */
export const LOCAL_UPLOAD_PATH = '/ars/api/file-storage';

/**
 * The embedded default: the API itself takes the POST (receive-local-upload.ts)
 * and keeps the file under FILES_DIR, served at `/files/<key>`.
 */
export class LocalUploadStorage implements UploadStorage {
  readonly kind = 'local';

  constructor(
    private readonly publicOrigin: string,
    private readonly signingKey: Buffer,
    private readonly filesDir: string,
  ) {}

  async createPresignedPost(target: UploadTarget): Promise<PresignedPost> {
    return { url: `${this.publicOrigin}${LOCAL_UPLOAD_PATH}`, fields: signPolicy(this.signingKey, target) };
  }

  async exists(key: string): Promise<boolean> {
    // Keys are the server's own shape (checked by the caller), so they stay inside FILES_DIR.
    const file = await stat(path.join(this.filesDir, ...key.split('/'))).catch(() => undefined);
    return file?.isFile() ?? false;
  }

  fileUrl(key: string): string {
    return `${this.publicOrigin}/files/${key}`;
  }

  async read(key: string): Promise<StoredRead> {
    return { file: await openStoredFile(this.filesDir, key) };
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = path.join(this.filesDir, ...key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    // Beside the target, then renamed: a reader never sees half a file.
    const partial = `${target}.${process.pid}.tmp`;
    await writeFile(partial, bytes);
    await rename(partial, target);
  }

  async delete(key: string): Promise<void> {
    await unlink(path.join(this.filesDir, ...key.split('/'))).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}
