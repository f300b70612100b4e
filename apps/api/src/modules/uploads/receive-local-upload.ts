import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/errors';
import { verifyPolicy } from './local-policy';
import { MAGIC_HEAD_BYTES, matchesExtension } from './magic-bytes';
import { extensionOf, UPLOAD_APPLICATIONS } from './upload-rules';

/** The shape of every key this server issues (request-upload.ts). */
export const ISSUED_KEY_PATTERN = new RegExp(
  `^uploads/(${UPLOAD_APPLICATIONS.join('|')})/[A-Za-z0-9_-]{1,100}/[0-9a-f-]{36}\\.[a-z0-9]{2,5}$`,
);

/** Directory for files being received; a dot-directory, so `/files/` never serves it. */
const INCOMING_DIR = '.incoming';

export interface IncomingUpload {
  /** The form fields that came before the file part. */
  fields: Record<string, string>;
  file: NodeJS.ReadableStream & { truncated?: boolean; resume(): unknown };
}

class TooLarge extends Error {}

/**
 * Stores one upload POSTed to the embedded storage (contract §3): checks the
 * fields against their signed policy, streams the file to a temporary file
 * while counting bytes (more than the policy's size aborts at once), then
 * checks the size and the magic bytes, and only then moves it to its key.
 * A refused upload leaves nothing behind.
 */
export async function receiveLocalUpload(
  filesDir: string,
  signingKey: Buffer,
  upload: IncomingUpload,
  now: Date,
  /** Checks that the key was issued and fits its owner's quota, then runs `store` (upload-records.ts). */
  guard: (key: string, store: () => Promise<void>) => Promise<void> = (_key, store) => store(),
): Promise<{ key: string }> {
  let target: ReturnType<typeof verifyPolicy>;
  try {
    target = verifyPolicy(signingKey, upload.fields, now);
    if (!ISSUED_KEY_PATTERN.test(target.key)) throw new AppError('FORBIDDEN', 'The key is not one this server issues');
  } catch (err) {
    upload.file.resume(); // drain the refused body so the connection can answer
    throw err;
  }

  let started = false;
  try {
    await guard(target.key, () => {
      started = true;
      return storeFile(filesDir, target, upload);
    });
  } catch (err) {
    if (!started) upload.file.resume();
    throw err;
  }
  return { key: target.key };
}

async function storeFile(
  filesDir: string,
  target: ReturnType<typeof verifyPolicy>,
  upload: IncomingUpload,
): Promise<void> {
  const incoming = path.join(filesDir, INCOMING_DIR);
  await mkdir(incoming, { recursive: true });
  const temp = path.join(incoming, randomUUID());
  let received = 0;
  const head: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > target.size) return done(new TooLarge());
      if (headLength < MAGIC_HEAD_BYTES) {
        head.push(chunk.subarray(0, MAGIC_HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, MAGIC_HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
  });

  try {
    try {
      await pipeline(upload.file, counter, createWriteStream(temp, { flags: 'wx', mode: 0o644 }));
    } catch (err) {
      if (err instanceof TooLarge) {
        upload.file.resume();
        throw new AppError(
          'FILE_TOO_LARGE',
          `The file is larger than the ${target.size} bytes its upload policy allows`,
          {
            status: 413,
            field: 'file',
          },
        );
      }
      throw err;
    }
    if (upload.file.truncated) {
      throw new AppError('FILE_TOO_LARGE', 'The file is larger than any upload allows', { status: 413, field: 'file' });
    }
    if (received !== target.size) {
      throw AppError.validation(
        `The file is ${received} bytes but its upload policy is for exactly ${target.size} bytes`,
        'file',
      );
    }
    const extension = extensionOf(target.key);
    if (!matchesExtension(extension, Buffer.concat(head), received <= MAGIC_HEAD_BYTES)) {
      throw new AppError('FILE_TYPE_NOT_ALLOWED', `The file's content is not a .${extension} file`, {
        status: 415,
        field: 'file',
      });
    }
    const final = path.join(filesDir, ...target.key.split('/'));
    await mkdir(path.dirname(final), { recursive: true });
    // link() refuses to replace an existing file: a key is stored once.
    await link(temp, final).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') throw new AppError('CONFLICT', 'This upload has already been stored');
      throw err;
    });
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
