import { z } from 'zod';
import { MAX_AMOUNT } from './catalog';
import { MAX_EVENT_ATTACHMENTS } from './constants';
import { EVENT_STATUSES } from './enums';
import { pagination } from './envelope';
import { keyParam } from './reads-params';
import { CANADIAN_PROVINCES, COUNTRIES, US_STATES } from './regions';

/**
 * The seller console's events (issue 16; decision 0049): create, edit, locate,
 * publish and finalize a company's own events. The same schemas validate the
 * web's event form, so a field's message is the same in both places.
 */

export const SALE_FORMATS = ['auction', 'buy-now', 'tender'] as const;
export type SaleFormat = (typeof SALE_FORMATS)[number];

/** The moves a seller may ask for; finalize has its own route. */
export const PUBLISH_TARGETS = ['published', 'view-only'] as const;

export const SELLER_EVENT_CODES = {
  locked: 'EVENT_LOCKED',
  publishChecksFailed: 'PUBLISH_CHECKS_FAILED',
} as const;

export const EVENT_SETTING_DEFAULTS = {
  softCloseWindowSeconds: 120,
  softCloseExtensionSeconds: 120,
  softCloseCapSeconds: 3600,
  staggerIntervalSeconds: 60,
  registrationApprovalRequired: false,
  buyersPremiumBps: 0,
  paymentWindowDays: 5,
  tenderAwardDays: 5,
} as const;

const text = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(min, { error: `${label} is required.` })
    .max(max, { error: `${label} can be at most ${max} characters long.` });

const seconds = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number of seconds.` })
    .int({ error: `${label} must be a whole number of seconds.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(max, { error: `${label} can be at most ${max} seconds.` });

const days = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of days.` })
    .int({ error: `${label} must be a whole number of days.` })
    .min(1, { error: `${label} must be at least 1 day.` })
    .max(60, { error: `${label} can be at most 60 days.` });

const amount = (label: string, min: number) =>
  z
    .number({ error: `${label} must be an amount.` })
    .int({ error: `${label} must be a whole number of cents.` })
    .min(min, { error: min === 0 ? `${label} cannot be negative.` : `${label} must be at least 1 cent.` })
    .max(MAX_AMOUNT, { error: `${label} is too large.` });

/** BIDDING §1: rows ordered by `from`, the first from 0, each increment above 0. */
export const incrementTable = z
  .array(z.object({ from: amount('The price from', 0), increment: amount('The increment', 1) }).strict())
  .min(1, { error: 'The increment table needs at least one row.' })
  .max(50, { error: 'The increment table can have at most 50 rows.' })
  .superRefine((rows, ctx) => {
    if (rows[0] && rows[0].from !== 0) {
      ctx.addIssue({ code: 'custom', path: [0, 'from'], message: 'The increment table must start at 0.' });
    }
    for (let i = 1; i < rows.length; i++) {
      if ((rows[i]?.from ?? 0) <= (rows[i - 1]?.from ?? 0)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'from'],
          message: 'Each row of the increment table must start above the one before it.',
        });
      }
    }
  });

export const eventSettings = z
  .object({
    incrementTable: incrementTable.nullable().describe('Null: the default table of BIDDING §1'),
    softCloseWindowSeconds: seconds('The soft-close window', 3600),
    softCloseExtensionSeconds: seconds('The soft-close extension', 3600),
    softCloseCapSeconds: seconds('The soft-close cap', 86_400),
    staggerIntervalSeconds: seconds('The stagger interval', 3600),
    registrationApprovalRequired: z.boolean(),
    buyersPremiumBps: z
      .number({ error: "The buyer's premium must be a whole number of basis points." })
      .int({ error: "The buyer's premium must be a whole number of basis points." })
      .min(0, { error: "The buyer's premium cannot be negative." })
      .max(5_000, { error: "The buyer's premium can be at most 50%." }),
    paymentWindowDays: days('The payment window'),
    tenderAwardDays: days('The tender award window'),
  })
  .strict();
export type EventSettings = z.infer<typeof eventSettings>;

export const bidDeposit = z
  .object({
    amount: amount('The bid deposit', 1),
    currency: z.enum(['USD', 'CAD'], { error: 'The currency must be USD or CAD.' }),
  })
  .strict();

export const eventTerm = z
  .object({ type: text('The terms type', 60, 1), text: text('The terms text', 20_000, 1) })
  .strict();

/**
 * One attachment of the event form (decision 0085): a file uploaded through the upload policy
 * (`uploadId`, the key it was issued, with the file's name), or a link the event already has
 * (kept as it was; a new link is refused: attachments are uploaded now).
 */
export const eventAttachment = z
  .object({
    uploadId: z
      .string()
      .trim()
      .min(1, { error: 'Upload the attachment first.' })
      .max(500, { error: 'The attachment upload id is too long.' })
      .optional()
      .describe('The key of an upload issued to this user for the event’s company (GET /ars/api/file-upload)'),
    fileName: z
      .string()
      .trim()
      .min(1, { error: 'The attachment file name cannot be empty.' })
      .max(255, { error: 'The attachment file name is too long (255 characters at most).' })
      .optional()
      .describe('The name the file is shown and downloaded with; it must keep the upload’s extension'),
    url: z
      .string({ error: 'The attachment link is required.' })
      .trim()
      .max(2_000, { error: 'The attachment link is too long.' })
      .refine((u) => /^https?:\/\/\S+$/.test(u) || /^\/files\/\S+$/.test(u), {
        error: 'The attachment link must be an http(s) address or an uploaded file.',
      })
      .optional()
      .describe('A link the event already lists (older attachments); new attachments are uploads'),
    description: text('The attachment description', 300),
  })
  .strict()
  .superRefine((a, ctx) => {
    if ((a.uploadId === undefined) === (a.url === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['uploadId'],
        message: 'Each attachment is one uploaded file: choose the file to upload.',
      });
    }
    if (a.fileName !== undefined && a.uploadId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['fileName'], message: 'A file name goes with an uploaded file.' });
    }
  });
export type EventAttachmentInput = z.infer<typeof eventAttachment>;

/** The years a stored time may have: PostgreSQL refuses year 0, and nothing sold here is older than 1970. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1);

const dateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601).` }).refine(
    (v) => {
      const at = Date.parse(v);
      return at >= EARLIEST && at < LATEST;
    },
    { error: `${label} must be between the years 1970 and 9999.` },
  );

const eventFields = {
  name: text('The name', 200, 1),
  title: text('The title', 300, 1),
  description: text('The description', 20_000),
  saleFormat: z.enum(SALE_FORMATS, { error: 'The sale format must be auction, buy-now or tender.' }),
  privateSale: z.boolean(),
  startAt: dateTime('The start'),
  endAt: dateTime('The end'),
  bidDeposit: bidDeposit.nullable(),
  settings: eventSettings,
  terms: z.array(eventTerm).max(20, { error: 'An event can have at most 20 terms.' }),
  attachments: z
    .array(eventAttachment)
    .max(MAX_EVENT_ATTACHMENTS, { error: `An event can have at most ${MAX_EVENT_ATTACHMENTS} attachments.` }),
};

const endAfterStart = (body: { startAt: string; endAt: string }, ctx: z.RefinementCtx) => {
  if (Date.parse(body.endAt) <= Date.parse(body.startAt)) {
    ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'The end must be after the start.' });
  }
};

/** PUT replaces every editable field (the company never changes). */
export const updateEventBody = z.object(eventFields).strict().superRefine(endAfterStart);
export type UpdateEventBody = z.infer<typeof updateEventBody>;

export const createEventBody = z
  .object({ companyId: keyParam().describe('The company the event belongs to'), ...eventFields })
  .strict()
  .superRefine(endAfterStart);
export type CreateEventBody = z.infer<typeof createEventBody>;

const REGION_CODES = new Set<string>([...US_STATES, ...CANADIAN_PROVINCES].map(([code]) => code));

export const eventLocationBody = z
  .object({
    city: text('The city', 100, 1),
    region: z
      .string({ error: 'The region is required.' })
      .refine((r) => REGION_CODES.has(r), { error: 'The region must be a two-letter state or province code.' }),
    country: z.enum(COUNTRIES, { error: 'The country must be US or CA.' }),
    taxRate: z
      .number({ error: 'The tax rate must be a percentage.' })
      .min(0, { error: 'The tax rate cannot be negative.' })
      .max(30, { error: 'The tax rate can be at most 30%.' })
      // Within a rounding error: 1.001 * 1000 is 1000.9999999999999.
      .refine((r) => Math.abs(r * 1000 - Math.round(r * 1000)) < 1e-9, {
        error: 'The tax rate has at most three decimals.',
      }),
    lat: z.number({ error: 'The latitude must be a number.' }).min(-90).max(90),
    lon: z.number({ error: 'The longitude must be a number.' }).min(-180).max(180),
  })
  .strict();
export type EventLocationBody = z.infer<typeof eventLocationBody>;

export const publishEventBody = z
  .object({ as: z.enum(PUBLISH_TARGETS, { error: 'Publish as published or view-only.' }) })
  .strict();

export const sellerEventIdParams = z.object({ eventId: keyParam() }).strict();
export const sellerEventLocationParams = z.object({ eventId: keyParam(), locationId: keyParam() }).strict();

export const sellerEventsQuery = z
  .object({
    status: z.enum(EVENT_STATUSES).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(30),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type SellerEventsQuery = z.output<typeof sellerEventsQuery>;

export const sellerEventLocation = z.object({
  _id: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.enum(COUNTRIES),
  taxRate: z.number(),
  lat: z.number(),
  lon: z.number(),
});
export type SellerEventLocation = z.infer<typeof sellerEventLocation>;

export const sellerEventSummary = z.object({
  _id: z.string(),
  companyId: z.string(),
  name: z.string(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  saleFormat: z.enum(SALE_FORMATS),
  startAt: z.string(),
  endAt: z.string(),
  lotsCount: z.number().int(),
});
export type SellerEventSummary = z.infer<typeof sellerEventSummary>;

export const sellerEvent = sellerEventSummary.extend({
  description: z.string(),
  privateSale: z.boolean(),
  bidDeposit: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  settings: eventSettings,
  terms: z.array(z.object({ type: z.string(), text: z.string() })),
  attachments: z.array(
    z.object({
      url: z.string(),
      description: z.string(),
      uploadId: z.string().nullable().describe('The upload, for an uploaded file; null for an older link'),
      fileName: z.string().nullable(),
      size: z.number().int().nullable().describe('Bytes'),
      contentType: z.string().nullable(),
    }),
  ),
  locations: z.array(sellerEventLocation),
});
export type SellerEvent = z.infer<typeof sellerEvent>;

export const sellerEventsResponse = z.object({
  events: z.array(sellerEventSummary),
  pagination,
  companies: z
    .array(z.object({ _id: z.string(), name: z.string() }))
    .describe('The companies the user may create events for (the `companyId` of POST)'),
});
export type SellerEventsResponse = z.infer<typeof sellerEventsResponse>;
