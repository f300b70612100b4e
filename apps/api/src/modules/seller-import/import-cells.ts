import { MAX_AMOUNT } from '@lotline/contracts';

/**
 * One spreadsheet cell read as a lot field (decision 0051). Each reader
 * answers the value, or `{ error }` with a message that follows
 * "Row 7, column startingBid: ".
 */
export type Cell<T> = T | { error: string };

export const isError = <T>(cell: Cell<T>): cell is { error: string } =>
  typeof cell === 'object' && cell !== null && 'error' in cell;

/** Major units with a dot ("1250.00") to minor units; empty is none. "1,50" is refused: a comma is ambiguous. */
export function money(text: string): Cell<number | null> {
  const t = text.trim();
  if (t === '') return null;
  if (t.startsWith('-')) return { error: 'cannot be negative.' };
  if (t.includes(',')) {
    return { error: `use a dot for decimals and no thousands separator (1250.00), not "${t}".` };
  }
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(t);
  if (!match) return { error: `must be an amount like 1250.00, not "${t}".` };
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (minor > MAX_AMOUNT) return { error: 'is too large.' };
  return minor;
}

/** A whole number; empty is `empty`. */
export function whole(text: string, empty: number | null): Cell<number | null> {
  const t = text.trim();
  if (t === '') return empty;
  if (!/^\d{1,9}$/.test(t)) return { error: `must be a whole number, not "${t}".` };
  return Number(t);
}

const YES = new Set(['yes', 'true', '1', 'y']);
const NO = new Set(['no', 'false', '0', 'n', '']);

export function yesNo(text: string): Cell<boolean> {
  const t = text.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  return { error: `must be yes or no, not "${text.trim()}".` };
}

/** An optional enumeration value: empty is none; a bad value is left for the lot schema to name. */
export const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/** A ";"-separated list cell. */
export const list = (text: string) =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** A value looked up by id or by name, case-insensitive: unknown or ambiguous names are errors. */
export class Lookup {
  private readonly byKey = new Map<string, string | null>();

  constructor(entries: Iterable<{ id: string; names: string[] }>) {
    for (const { id, names } of entries) {
      this.byKey.set(id.toLowerCase(), id);
      for (const name of names) {
        const key = name.trim().toLowerCase();
        const seen = this.byKey.get(key);
        // Two things with one name: only the id tells them apart.
        this.byKey.set(key, seen === undefined || seen === id ? id : null);
      }
    }
  }

  find(text: string, what: string): Cell<string | null> {
    const t = text.trim();
    if (t === '') return null;
    const id = this.byKey.get(t.toLowerCase());
    if (id === undefined) return { error: `there is no such ${what}: "${t}".` };
    if (id === null) return { error: `several ${what}s are called "${t}": give its id.` };
    return id;
  }
}
