import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it('says bytes, KB or MB', () => {
    expect(fileSize(500)).toBe('500 bytes');
    expect(fileSize(1024)).toBe('1 KB');
    expect(fileSize(48 * 1024 + 100)).toBe('48 KB');
    expect(fileSize(Math.round(2.4 * 1024 * 1024))).toBe('2.4 MB');
  });
});
