/** Small formatting helpers shared by the seed generators. */

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** 1234567 -> '1,234,567' (fixed locale so output never depends on the machine). */
export function formatCount(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 252345 ms -> '4m 12s'; 3400 -> '3.4s'. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const totalSeconds = Math.round(ms / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return h > 0 ? `${h}h ${m}m ${s}s` : `${m}m ${s}s`;
}

/**
 * Dollars -> integer minor units rounded to a step a person would type:
 * $37 -> 3700, $1,234 -> 122500 ($1,225), $48,321 -> 4830000 ($48,300).
 */
export function toMinorUnits(major: number): number {
  const step = major < 100 ? 1 : major < 1_000 ? 5 : major < 10_000 ? 25 : major < 100_000 ? 100 : 500;
  return Math.max(1, Math.round(major / step)) * step * 100;
}

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** Rounds a time down to a multiple of `minutes`, as schedulers do. */
export function roundTime(ms: number, minutes: number): Date {
  const step = minutes * MINUTE_MS;
  return new Date(Math.floor(ms / step) * step);
}
