import type { Server } from 'node:http';
export const KEEP_ALIVE_TIMEOUT_MS: number;
export function applyServerTimeouts(server: Server): void;
