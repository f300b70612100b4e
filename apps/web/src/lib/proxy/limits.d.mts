export const MAX_PROXY_BODY_BYTES: number;
export const NEXT_PROXY_BODY_BYTES: number;
