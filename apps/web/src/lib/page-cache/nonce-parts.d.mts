export type NonceParts = { nonceLength: number; plain: Buffer[]; deflated: Buffer[]; bytes: number };
export function cutAtNonce(body: string, nonce: string | null): Promise<NonceParts>;
export function withNonce(parts: NonceParts, nonce: string): Buffer;
export function gzipWithNonce(parts: NonceParts, nonce: string): Buffer;
