import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH_PATH, PUBLIC_SEARCH_PATH, publicSearchPath } from './restore-search-path';

const through = (chunks: string[]) => text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(publicSearchPath()));

describe('publicSearchPath', () => {
  it("rewrites the header's empty search path, even split across chunks, and nothing after it", async () => {
    const header = `--\n-- PostgreSQL database dump\n--\n\nSET client_encoding = 'UTF8';\n${EMPTY_SEARCH_PATH}\n`;
    const data = `COPY public.notes (body) FROM stdin;\n${EMPTY_SEARCH_PATH}\n\\.\n`;
    const out = await through([header.slice(0, 70), header.slice(70), data]);
    expect(out).toBe(header.replace(EMPTY_SEARCH_PATH, PUBLIC_SEARCH_PATH) + data);
  });

  it('passes a script without that line through unchanged', async () => {
    expect(await through(['BEGIN;\n', 'COMMIT;\n'])).toBe('BEGIN;\nCOMMIT;\n');
  });
});
