/** One Server-Sent Events frame as a test sees it: a comment, or fields of an event. */
export interface SseFrame {
  comment?: string;
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    const match = /^(id|event|data|retry): ?(.*)$/.exec(line);
    if (match) frame[match[1] as 'id' | 'event' | 'data' | 'retry'] = match[2];
  }
  return frame;
}

/**
 * A live-stream client for tests: opens the stream with fetch and hands out
 * its frames in order; `next` waits for the first frame matching, failing
 * after a timeout so a lost event fails the test instead of hanging it.
 */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const frames: SseFrame[] = [];
  let waiter: (() => void) | undefined;
  let buffer = '';
  let ended = false;
  const pump = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        waiter?.();
      }
    } catch {
      // Aborted by close().
    }
    ended = true;
    waiter?.();
  })();
  return {
    response,
    frames,
    get ended() {
      return ended;
    },
    async next(match: (frame: SseFrame) => boolean, timeoutMs = 5_000): Promise<SseFrame> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = frames.findIndex(match);
        if (index !== -1) return frames.splice(index, 1)[0] as SseFrame;
        if (ended) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

/** A `lot` event of the lot, parsed. */
export const lotEventOf =
  (lotId: string, check: (data: Record<string, unknown>) => boolean = () => true) =>
  (frame: SseFrame) => {
    if (frame.event !== 'lot' || !frame.data) return false;
    const data = JSON.parse(frame.data) as Record<string, unknown>;
    return data._id === lotId && check(data);
  };
