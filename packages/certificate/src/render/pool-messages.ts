import type { CustomFontFile } from '../fonts/node-fonts.ts';
import type { Recipient } from '../layout/recipient.ts';
import type { CertificateDesign, DesignSide } from '../model/design.ts';
import type { PdfAttachment } from './pdf/attachments.ts';
import type { RasterFormat } from './png/render-png.ts';
import type { RenderErrorCode } from './render-error.ts';

/**
 * A design as a worker receives it, with everything its renders need and nothing the worker would have
 * to look up: the image bytes (read on the calling thread) and the account's font files.
 */
export interface PoolDesign {
  design: CertificateDesign;
  fonts: readonly CustomFontFile[];
  images: Record<string, Uint8Array>;
  /** Print-resolution variants of some of `images`, which PDFs embed instead. */
  printImages?: Record<string, Uint8Array>;
  /** The PDF document title. */
  title?: string;
}

export type PoolJob =
  /** One recipient's PDF, with the files it carries (its credential): they belong to this document only. */
  | { type: 'pdf'; recipient: Recipient | undefined; attachments?: readonly PdfAttachment[] }
  | { type: 'pdfMany'; recipients: readonly Recipient[]; title?: string }
  /** One side as an image, PNG unless `format` says JPEG. */
  | { type: 'png'; recipient: Recipient | undefined; width?: number; side?: DesignSide; format?: RasterFormat };

export interface PoolRequest {
  id: number;
  key: string;
  /** Sent when the worker does not hold the design under `key` yet, or when it is not to keep it. */
  design?: PoolDesign;
  /** Keep the prepared design for later jobs with the same key (sends); otherwise render once and drop it. */
  keep: boolean;
  job: PoolJob;
}

export interface PoolResponse {
  id: number;
  data?: ArrayBuffer;
  error?: { message: string; code?: RenderErrorCode };
}

/** What a worker posts: an answer to a request, or once, when its modules are loaded, that it is ready. */
export type PoolMessage = PoolResponse | { ready: true };

/**
 * Prepared designs a worker keeps, least recently used dropped first. The pool keeps the same list per
 * worker, so it knows without asking which designs a worker still holds.
 */
export const WORKER_DESIGN_CACHE_SIZE = 16;

/** Marks `key` most recently used in an insertion-ordered map, dropping the oldest entry past the limit. */
export function touchRecent<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > WORKER_DESIGN_CACHE_SIZE) map.delete(map.keys().next().value!);
}
