/**
 * Largest request body the web origin forwards to the API. Spec §5 allows
 * videos up to 30 MiB (31457280 bytes); the extra 2 MiB covers the multipart
 * envelope and the signed policy fields sent with the file.
 */
export const MAX_PROXY_BODY_BYTES = 32 * 1024 * 1024;
