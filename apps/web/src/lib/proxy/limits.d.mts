export const MAX_PROXY_BODY_BYTES: number;
export const NEXT_PROXY_BODY_BYTES: number;
export const MAX_IMPORT_BODY_BYTES: number;
export function maxBodyBytesFor(method: string, pathname: string): number;
