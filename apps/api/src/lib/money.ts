/** An amount in minor units as a person reads it ("$1,250.00"); the currency decides the minor-unit digits. */
export function formatMoney(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** A moment in UTC, e.g. "Nov 26, 2026, 14:05 UTC": e-mails do not know the reader's time zone. */
export function formatUtc(at: Date): string {
  const text = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  return `${text} UTC`;
}
