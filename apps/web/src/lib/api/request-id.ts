/**
 * One request id per incoming page request (decision 0095): the proxy keeps a sane `x-request-id` the
 * client or a balancer sent, else makes one, and passes it to the render; every API call the render
 * makes sends it, so the API's log lines of one page share it (the API vets it the same way,
 * apps/api/src/lib/request-id.ts). Only short, plain ids: anything else could forge log lines.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function pageRequestId(incoming: Headers): string {
  const given = incoming.get(REQUEST_ID_HEADER);
  return given && SANE_ID.test(given) ? given : crypto.randomUUID();
}
