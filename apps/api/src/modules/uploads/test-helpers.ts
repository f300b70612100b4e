import { randomBytes } from 'node:crypto';

/** A multipart/form-data body as a browser builds it: the fields in order, then the file (when given). */
export function multipartBody(
  fields: Record<string, string>,
  file?: { filename: string; content: Buffer; type?: string; name?: string },
): { payload: Buffer; contentType: string } {
  const boundary = `----lotline${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes that start like a PNG, `size` long. */
export function pngBytes(size: number): Buffer {
  const out = Buffer.alloc(size, 0x42);
  PNG_SIGNATURE.copy(out, 0);
  return out;
}
