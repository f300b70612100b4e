/**
 * What a concurrency test makes of its racing calls: `'ok'` for each that
 * resolved, its AppError code for each refused, in the order given.
 */
export const settle = (work: Promise<unknown>[]): Promise<(string | undefined)[]> =>
  Promise.allSettled(work).then((r) =>
    r.map((x) => (x.status === 'fulfilled' ? 'ok' : (x.reason as { code?: string }).code)),
  );
