import {
  fileTooLargeMessage,
  fileUploadResponse,
  maxUploadBytes,
  type UploadApplication,
  uploadKind,
} from '@lotline/contracts';
import { z } from 'zod';

// The one zod parse in the browser: under the pages' CSP (no 'unsafe-eval', decision 0029) zod's
// Function('') probe would be reported as a violation, so it parses without compiling from the start.
z.config({ jitless: true });

/**
 * Uploads one file from the browser in the contract's two steps (§3, decision
 * 0012): checks it first with the spec's rules and messages (§8), asks the API
 * for a POST policy, then POSTs every field and the file to the storage.
 */

export class UploadError extends Error {
  constructor(
    message: string,
    /** The API's first error code, or this module's own. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The spec's client-side check; undefined when the file may be sent. */
export function checkFileBeforeUpload(file: { name: string; size: number }): UploadError | undefined {
  const kind = uploadKind(file.name);
  if (!kind)
    return new UploadError(`${file.name} cannot be added: this type of file is not allowed`, 'FILE_TYPE_NOT_ALLOWED');
  if (file.size > maxUploadBytes(kind)) return new UploadError(fileTooLargeMessage(file.name, kind), 'FILE_TOO_LARGE');
  return undefined;
}

/** The storage's bucket for the failure message: S3 names it in the fields; the embedded storage is its host. */
function bucketOf(url: string, fields: Record<string, string>): string {
  return fields.bucket ?? new URL(url, 'http://localhost').host;
}

/**
 * Where the file goes: its application, and the company whose listing it is for (photos,
 * documents, event attachments, the logo), which pays for it from its upload quota (decision 0085).
 */
export type UploadTarget = UploadApplication | { application: UploadApplication; companyId?: string | undefined };

export async function uploadFile(
  file: File,
  target: UploadTarget,
  fetchImpl: typeof fetch = fetch,
): Promise<{ key: string }> {
  const refused = checkFileBeforeUpload(file);
  if (refused) throw refused;

  const { application, companyId } =
    typeof target === 'string' ? { application: target, companyId: undefined } : target;
  const params = new URLSearchParams({ filename: file.name, size: String(file.size), application });
  if (file.type) params.set('contentType', file.type);
  if (companyId) params.set('companyId', companyId);
  const res = await fetchImpl(`/ars/api/file-upload?${params}`, { credentials: 'include' });
  const body = (await res.json().catch(() => null)) as {
    status?: string;
    data?: unknown;
    errors?: { code: string; message: string }[];
  } | null;
  if (!res.ok || body?.status !== 'success') {
    const first = body?.errors?.[0];
    throw new UploadError(first?.message ?? `Failed to upload ${file.name}`, first?.code ?? 'INTERNAL');
  }
  const { url, fields } = fileUploadResponse.parse(body.data);

  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  const stored = await fetchImpl(url, { method: 'POST', body: form }).catch(() => undefined);
  if (!stored?.ok) throw new UploadError(`Failed to upload ${file.name} to ${bucketOf(url, fields)}`, 'UPLOAD_FAILED');
  return { key: fields.key ?? '' };
}
