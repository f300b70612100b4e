import type { IncomingMessage, ServerResponse } from 'node:http';
export function forwardIfApiPath(
  request: IncomingMessage,
  response: ServerResponse,
  apiBase: string,
  options?: { maxBodyBytes?: number },
): boolean;
export function toWebRequest(request: IncomingMessage): Request;
export function writeResponse(response: ServerResponse, answer: Response): void;
