import { fileRequest } from './client.ts';

/**
 * Binary GETs of addresses the server handed out, not built from a contract: design thumbnails and preview
 * images. A call's own file goes through `callFile` (call.ts).
 */
export const fetchBinary = (url: string): Promise<Blob> => fileRequest('GET', url);
