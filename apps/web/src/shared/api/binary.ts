import { fileRequest } from './client.ts';

/**
 * Binary GETs of addresses the server handed out, not built from a contract: design thumbnails and preview
 * images. A call's own file goes through `callFile` (call.ts). A signal lets a screen that is left drop
 * the request, so it does not hold one of the browser's few connections to the server.
 */
export const fetchBinary = (url: string, signal?: AbortSignal): Promise<Blob> => fileRequest('GET', url, { signal });
