import { errorEnvelope } from '@lotline/contracts';
import type { z } from 'zod';
import { ApiError, ApiHttpError } from './errors';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Unwraps a contract §1 envelope. An error body throws `ApiError` with its
 * first code whatever the HTTP status (spec §7); any other failure, or a
 * success body whose data breaks the schema, is logged and rejected (spec §8).
 */
export async function readEnvelope<S extends z.ZodType>(
  response: Response,
  data: S,
  label: string,
): Promise<z.output<S>> {
  const body = await readJson(response);
  const failed = errorEnvelope.safeParse(body);
  if (failed.success) {
    const [first] = failed.data.errors;
    // errorEnvelope guarantees at least one entry.
    const { code, message, field } = first as NonNullable<typeof first>;
    throw new ApiError(code, message, response.status, field);
  }
  if (!response.ok) {
    console.error(`[api] ${label} failed with HTTP ${response.status}`);
    throw new ApiHttpError(response.status, label);
  }
  const envelope = body as { status?: unknown; data?: unknown } | undefined;
  const parsed = envelope?.status === 'success' ? data.safeParse(envelope.data) : undefined;
  if (!parsed?.success) {
    console.error(`[api] ${label} answered HTTP ${response.status} with an unexpected body`, parsed?.error?.issues);
    throw new ApiHttpError(response.status, label);
  }
  return parsed.data;
}
