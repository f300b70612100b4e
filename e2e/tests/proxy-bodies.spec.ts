import { expect, test } from '@playwright/test';

/**
 * Request bodies through the web origin (decision 0027): streamed to the API,
 * and one sent chunked (no Content-Length) over 32 MiB is refused with 413.
 * Node's fetch, because a browser cannot stream a request body over HTTP/1.1.
 */

const MiB = 1024 * 1024;

function chunkedPost(url: string, origin: string, totalBytes: number) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(MiB, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size));
    },
  });
  return fetch(url, {
    method: 'POST',
    // A multipart type, so that the API reads on, looking for the first part (zeros never match the boundary).
    headers: { origin, 'content-type': 'multipart/form-data; boundary=lotline-e2e-boundary' },
    body,
    duplex: 'half',
  } as RequestInit);
}

test.describe('request bodies through the web origin', { tag: '@requests' }, () => {
  test('a chunked body over 32 MiB is refused with 413', async ({ baseURL }) => {
    const origin = baseURL as string;
    const res = await chunkedPost(`${origin}/ars/api/file-storage`, origin, 40 * MiB);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 'error', errors: [{ code: 'PAYLOAD_TOO_LARGE' }] });
  });

  test('a chunked body under the limit reaches the API', async ({ baseURL }) => {
    const origin = baseURL as string;
    const res = await chunkedPost(`${origin}/ars/api/file-storage`, origin, 2 * MiB);
    // The API itself answers, having read the whole body: it holds no form parts.
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 'error', errors: [{ code: 'VALIDATION_FAILED' }] });
  });
});
