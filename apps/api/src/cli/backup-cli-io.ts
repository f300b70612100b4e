import { DatabaseLockedError } from '@lotline/db';
import { BackupError } from '@lotline/db/backup';

/** What the backup commands print to, and their clock; the tests pass their own. */
export interface BackupIo {
  out(line: string): void;
  err(line: string): void;
  now(): Date;
}

export const defaultBackupIo: BackupIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  now: () => new Date(),
};

/** 1,536 → "1.5 KB": what an operator compares with the disk's free space. */
export function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A refusal says itself; anything else is prefixed with what could not be done. */
export function failureMessage(error: unknown, doing: string): string {
  if (error instanceof BackupError || error instanceof DatabaseLockedError) return error.message;
  return `Could not ${doing}: ${(error as Error).message}`;
}
