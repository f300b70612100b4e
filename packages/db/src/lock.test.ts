import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockDataDir } from './lock';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'lotline-lock-'));
  dirs.push(dir);
  return dir;
}

describe('lockDataDir', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  it('writes the owner pid and removes the lock on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'lotline.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'lotline.lock'))).toBe(false);
  });

  it('refuses a directory that a live process holds, naming it', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    children.push(other);
    writeFileSync(join(dir, 'lotline.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DatabaseLockedError);
    expect(() => lockDataDir(dir)).toThrow(`already in use by another Lotline process (pid ${other.pid})`);
    // The other owner's lock is left untouched.
    expect(readFileSync(join(dir, 'lotline.lock'), 'utf8')).toBe(String(other.pid));
  });

  it('refuses a second lock in the same process', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DatabaseLockedError);
    release();
  });

  it('takes over a lock left by a process that has exited', async () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dir, 'lotline.lock'), String(gone.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'lotline.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
