import { ApiError, toErrorBody } from './errors.ts';
import { getToken } from './token.ts';

/** Binary GETs with the session header: PDFs, PNG thumbnails and font files. */
export async function fetchBinary(url: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authentication = token;
  const response = await fetch(url, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, toErrorBody(response.status, null));
  return response.blob();
}
