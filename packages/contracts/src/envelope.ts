import { z } from 'zod';

/** Codes every endpoint may answer (contract §1) with their HTTP status. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const apiErrorItem = z.object({
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiErrorItem = z.infer<typeof apiErrorItem>;

export const errorEnvelope = z.object({
  status: z.literal('error'),
  errors: z.array(apiErrorItem).min(1),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data });
}
export type SuccessEnvelope<T> = { status: 'success'; data: T };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export const pagination = z.object({
  pageNumber: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  totalItems: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});
export type Pagination = z.infer<typeof pagination>;
