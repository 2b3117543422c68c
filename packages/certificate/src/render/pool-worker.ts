import { parentPort } from 'node:worker_threads';
import type { Recipient } from '../layout/recipient.ts';
import type { CertificateDesign } from '../model/design.ts';
import { createPdfRenderer, type PdfRenderer } from './pdf/render-pdf.ts';
import { createPngRenderer, type PngRenderer } from './png/render-png.ts';
import type { PoolRequest, PoolResponse } from './pool-messages.ts';

const designs = new Map<string, { design: CertificateDesign; pdf?: PdfRenderer; png?: PngRenderer }>();

function bytes(buffer: Buffer): ArrayBuffer {
  // Hand the memory over without a copy when the Buffer owns its whole ArrayBuffer.
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer.buffer as ArrayBuffer;
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

async function handle(request: PoolRequest): Promise<PoolResponse> {
  if (request.type === 'design') {
    designs.set(request.key, { design: request.design });
    return { id: request.id };
  }
  const entry = designs.get(request.key);
  if (!entry) throw new Error(`Design ${request.key} was not sent to this worker`);
  const recipient: Recipient | undefined = request.recipient;
  if (request.type === 'pdf') {
    entry.pdf ??= createPdfRenderer(entry.design);
    return { id: request.id, data: bytes(entry.pdf.render(recipient)) };
  }
  entry.png ??= createPngRenderer(entry.design);
  return { id: request.id, data: bytes(await entry.png.render(recipient, request.options)) };
}

parentPort!.on('message', (request: PoolRequest) => {
  handle(request).then(
    (response) => parentPort!.postMessage(response, response.data ? [response.data] : []),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
