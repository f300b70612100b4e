import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError } from './backup-error';
import { connectionForTool, findPgTool, runProgram } from './pg-tools';
import { removeTempDirs, tempDir } from './test-helpers';

afterAll(removeTempDirs);

function program(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
  return path;
}

describe('findPgTool', () => {
  it("takes PATH first, else the newest of Debian's version directories", () => {
    const onPath = program(join(tempDir(), 'bin'), 'pg_dump');
    const debian = tempDir();
    program(join(debian, '13', 'bin'), 'pg_dump');
    const newest = program(join(debian, '15', 'bin'), 'pg_dump');
    expect(findPgTool('pg_dump', join(onPath, '..'), debian)).toBe(onPath);
    expect(findPgTool('pg_dump', tempDir(), debian)).toBe(newest);
  });

  it('says what to install when there is none', () => {
    expect(() => findPgTool('pg_restore', tempDir(), tempDir())).toThrow(BackupError);
    expect(() => findPgTool('pg_restore', tempDir(), tempDir())).toThrow(/apt-get install postgresql-client/);
  });
});

describe('connectionForTool', () => {
  it('moves the password from the connection string to PGPASSWORD', () => {
    expect(connectionForTool('postgres://app:s%40cret@db.example:5432/lotline?sslmode=require')).toEqual({
      dbname: 'postgres://app@db.example:5432/lotline?sslmode=require',
      env: { PGPASSWORD: 's@cret' },
    });
    expect(connectionForTool('postgres://app@localhost/lotline').env).toEqual({});
  });
});

describe('runProgram', () => {
  it('fails with what the program printed, unless its exit code is accepted', async () => {
    const script = ['-c', 'echo "no such table" >&2; exit 3'];
    await expect(runProgram('sh', script, {})).rejects.toThrow('sh failed (exit code 3):\nno such table');
    await expect(runProgram('sh', script, {}, [0, 3])).resolves.toBeUndefined();
  });
});
