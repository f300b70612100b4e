import { Transform } from 'node:stream';

/**
 * pg_restore's script starts by emptying the search path, so that every name resolves only as the dump wrote
 * it. earthdistance's `ll_to_earth` (PostgreSQL 15) names the `earth` type and `cube()` unqualified in its
 * body, and the lot search's index on `ll_to_earth(lat, lon)` inlines that body: with an empty path its
 * CREATE INDEX fails ("type earth does not exist"). The restore therefore runs with the extensions' schema,
 * `public`, on the path: this database's own schema, where the migrations install them.
 */
export const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
export const PUBLIC_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', 'public', false);";

/** The header pg_restore writes before any data is well within this; nothing after it is rewritten. */
const HEADER_BYTES = 64 * 1024;

/** Rewrites the script header's one EMPTY_SEARCH_PATH line, then passes every byte through untouched. */
export function publicSearchPath(): Transform {
  let header = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      header += chunk.toString('latin1');
      const at = header.search(/^SELECT pg_catalog\.set_config\('search_path', '', false\);$/m);
      if (at === -1 && header.length < HEADER_BYTES) return callback();
      done = true;
      const text = at === -1 ? header : header.replace(EMPTY_SEARCH_PATH, PUBLIC_SEARCH_PATH);
      callback(null, Buffer.from(text, 'latin1'));
    },
    flush(callback) {
      callback(null, done ? undefined : Buffer.from(header, 'latin1'));
    },
  });
}
