import { EVENT_SETTING_DEFAULTS, type SellerEvent } from '@lotline/contracts';
import { ATTACHMENT_FIELDS, type AttachmentRow } from './attachment-fields';

export type { AttachmentRow };

/**
 * The event form's fields and their conversion to the API's body (issue 16).
 * Money is typed in dollars ("500" or "500.00") and sent in cents; times are
 * typed in UTC (datetime-local, stated as UTC beside the field) and sent as ISO.
 * A value that cannot be converted is sent as NaN or as typed, so the
 * contract's schema reports it beside its field with its own message.
 */

export const SETTING_NUMBERS = [
  'softCloseWindowSeconds',
  'softCloseExtensionSeconds',
  'softCloseCapSeconds',
  'staggerIntervalSeconds',
  'buyersPremiumBps',
  'paymentWindowDays',
  'tenderAwardDays',
] as const;
export const TEXT_FIELDS = [
  'name',
  'title',
  'description',
  'saleFormat',
  'startAt',
  'endAt',
  'storedStartAt',
  'storedEndAt',
  'depositAmount',
  'depositCurrency',
  'incrementTable',
  ...SETTING_NUMBERS,
] as const;
export const CHECKBOX_FIELDS = ['privateSale', 'registrationApprovalRequired'] as const;

export type Row = { a: string; b: string };
export type EventFormValues = Record<(typeof TEXT_FIELDS)[number], string> &
  Record<(typeof CHECKBOX_FIELDS)[number], boolean> & { terms: Row[]; attachments: AttachmentRow[] };

function attachmentRows(form: FormData): AttachmentRow[] {
  const all = (name: string) => form.getAll(name).map(String);
  const ids = all(ATTACHMENT_FIELDS.uploadId);
  const names = all(ATTACHMENT_FIELDS.fileName);
  const sizes = all(ATTACHMENT_FIELDS.size);
  const urls = all(ATTACHMENT_FIELDS.url);
  const descriptions = all(ATTACHMENT_FIELDS.description);
  return ids
    .map((uploadId, i) => ({
      uploadId,
      fileName: names[i] ?? '',
      size: sizes[i] ?? '',
      url: urls[i] ?? '',
      description: descriptions[i] ?? '',
    }))
    .filter((r) => r.uploadId.trim() !== '' || r.url.trim() !== '');
}

/** Dollars as typed → cents; NaN when it is not an amount with at most two decimals. */
export function toCents(text: string): number {
  const t = text.trim().replaceAll(',', '');
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}

const fromCents = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** "2026-12-01T15:00" (UTC) → ISO; anything else as typed. */
const toIso = (text: string) => (/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(text) ? `${text}:00Z` : text);
export const toLocalUtc = (iso: string) => iso.slice(0, 16);
/**
 * The stored time itself when the typed minute is still the stored one: the
 * field shows no seconds, and rounding them off would move a published
 * event's end earlier or its passed start (both locked).
 */
const timeOf = (typed: string, stored: string) =>
  stored !== '' && toLocalUtc(stored) === typed ? stored : toIso(typed);

/** "from increment" per line, in dollars; an empty box is the default table. */
function incrementRows(text: string) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  return lines.map((line) => {
    const [from = '', increment = ''] = line.split(/[\s:]+/);
    return { from: toCents(from), increment: toCents(increment) };
  });
}

export function formValuesOf(form: FormData): EventFormValues {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === 'string' ? v : '';
  };
  const rows = (a: string, b: string) => {
    const as = form.getAll(a).map(String);
    const bs = form.getAll(b).map(String);
    return as.map((x, i) => ({ a: x, b: bs[i] ?? '' })).filter((r) => r.a.trim() !== '' || r.b.trim() !== '');
  };
  const values = Object.fromEntries(TEXT_FIELDS.map((k) => [k, text(k)])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    ...values,
    privateSale: form.get('privateSale') === 'on',
    registrationApprovalRequired: form.get('registrationApprovalRequired') === 'on',
    terms: rows('termType', 'termText'),
    attachments: attachmentRows(form),
  };
}

export function bodyOf(v: EventFormValues) {
  return {
    name: v.name,
    title: v.title,
    description: v.description,
    saleFormat: v.saleFormat,
    privateSale: v.privateSale,
    startAt: timeOf(v.startAt, v.storedStartAt),
    endAt: timeOf(v.endAt, v.storedEndAt),
    bidDeposit:
      v.depositAmount.trim() === '' ? null : { amount: toCents(v.depositAmount), currency: v.depositCurrency },
    settings: {
      incrementTable: incrementRows(v.incrementTable),
      ...Object.fromEntries(SETTING_NUMBERS.map((k) => [k, toNumber(v[k])])),
      registrationApprovalRequired: v.registrationApprovalRequired,
    },
    terms: v.terms.map((r) => ({ type: r.a, text: r.b })),
    attachments: v.attachments.map((r) =>
      r.uploadId !== ''
        ? { uploadId: r.uploadId, fileName: r.fileName, description: r.description }
        : { url: r.url, description: r.description },
    ),
  };
}

/** A new event's form: empty, with the auction settings' defaults (BIDDING.md). */
export function newEventValues(): EventFormValues {
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<(typeof TEXT_FIELDS)[number], string>),
    saleFormat: 'auction',
    depositCurrency: 'USD',
    ...(Object.fromEntries(SETTING_NUMBERS.map((k) => [k, String(EVENT_SETTING_DEFAULTS[k])])) as Record<
      (typeof SETTING_NUMBERS)[number],
      string
    >),
    privateSale: false,
    registrationApprovalRequired: EVENT_SETTING_DEFAULTS.registrationApprovalRequired,
    terms: [],
    attachments: [],
  };
}

/** The form's values for a stored event (or the defaults of a new one). */
export function valuesOfEvent(e: SellerEvent): EventFormValues {
  const s = e.settings;
  return {
    name: e.name,
    title: e.title,
    description: e.description,
    saleFormat: e.saleFormat,
    startAt: toLocalUtc(e.startAt),
    endAt: toLocalUtc(e.endAt),
    storedStartAt: e.startAt,
    storedEndAt: e.endAt,
    depositAmount: e.bidDeposit ? fromCents(e.bidDeposit.amount) : '',
    depositCurrency: e.bidDeposit?.currency ?? 'USD',
    incrementTable: (s.incrementTable ?? []).map((r) => `${fromCents(r.from)} ${fromCents(r.increment)}`).join('\n'),
    ...(Object.fromEntries(SETTING_NUMBERS.map((k) => [k, String(s[k])])) as Record<
      (typeof SETTING_NUMBERS)[number],
      string
    >),
    privateSale: e.privateSale,
    registrationApprovalRequired: s.registrationApprovalRequired,
    terms: e.terms.map((t) => ({ a: t.type, b: t.text })),
    attachments: e.attachments.map((a) => ({
      uploadId: a.uploadId ?? '',
      fileName: a.fileName ?? '',
      size: a.size === null ? '' : String(a.size),
      url: a.uploadId ? '' : a.url,
      description: a.description,
    })),
  };
}

/**
 * Where a problem is shown: an API or schema path ('settings.incrementTable.0.from',
 * 'terms.1.text', 'bidDeposit.amount') → the form control it belongs beside.
 */
export function fieldKey(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [first = '', second = ''] = parts;
  if (first === 'settings') return second;
  if (first === 'bidDeposit') return 'depositAmount';
  if (first === 'terms' || first === 'attachments') return second === '' ? first : `${first}.${second}`;
  return first;
}
