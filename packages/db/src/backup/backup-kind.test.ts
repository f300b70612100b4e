import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { detectBackupKind, readTarHeader } from './backup-kind';
import { removeTempDirs, tempDir } from './test-helpers';

afterAll(removeTempDirs);

/** A one-entry ustar archive, as tar and PGlite write them. */
function tar(name: string, content: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  header.write('ustar\0', 257, 'latin1');
  const body = Buffer.alloc(Math.ceil(content.length / 512) * 512);
  body.write(content);
  return Buffer.concat([header, body, Buffer.alloc(1024)]);
}

function file(name: string, bytes: Buffer | string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, bytes);
  return path;
}

describe('detectBackupKind', () => {
  it("knows pg_dump's custom format and PGlite's data directory dump", async () => {
    expect(await detectBackupKind(file('a.dump', 'PGDMP\x01\x0e\x00'))).toBe('postgres');
    expect(await detectBackupKind(file('a.tgz', gzipSync(tar('/PG_VERSION', '17\n'))))).toBe('pglite');
  });

  it('refuses other files: another archive, a plain SQL dump, an empty or a truncated file', async () => {
    expect(await detectBackupKind(file('files.tar.gz', gzipSync(tar('./uploads/a.jpg', 'jpeg'))))).toBeUndefined();
    expect(await detectBackupKind(file('plain.sql', '--\n-- PostgreSQL database dump\n'))).toBeUndefined();
    expect(await detectBackupKind(file('empty', ''))).toBeUndefined();
    const truncated = gzipSync(tar('/PG_VERSION', '17\n')).subarray(0, 20);
    expect(await detectBackupKind(file('truncated.tgz', truncated))).toBeUndefined();
  });

  it('reads a header with a prefix, and refuses a block that is not tar', () => {
    const header = tar('PG_VERSION', 'x').subarray(0, 512);
    header.write('pgdata', 345, 'utf8');
    expect(readTarHeader(header)).toEqual({ name: 'pgdata/PG_VERSION', size: 1 });
    expect(readTarHeader(Buffer.alloc(512, 1))).toBeUndefined();
  });
});
