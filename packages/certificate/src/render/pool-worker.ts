import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { customFontProvider } from '../fonts/node-fonts.ts';
import { createPdfRenderer, type PdfRenderer } from './pdf/render-pdf.ts';
import { createPngRenderer, type PngRenderer } from './png/render-png.ts';
import { type PoolDesign, type PoolMessage, type PoolRequest, type PoolResponse, touchRecent } from './pool-messages.ts';
import { isRenderError } from './render-error.ts';

interface Prepared {
  pdf(): PdfRenderer;
  png(): PngRenderer;
}

const designs = new Map<string, Prepared>();

/** Renderers are prepared on first use: a design sent only for PNG previews never subsets fonts for PDF. */
function prepare(spec: PoolDesign): Prepared {
  const options = { fonts: customFontProvider(spec.fonts), loadImage: (src: string) => spec.images[src] };
  let pdf: PdfRenderer | undefined;
  let png: PngRenderer | undefined;
  return {
    pdf: () =>
      (pdf ??= createPdfRenderer(spec.design, {
        ...options,
        loadImage: (src: string) => spec.printImages?.[src] ?? spec.images[src],
        title: spec.title,
      })),
    png: () => (png ??= createPngRenderer(spec.design, options)),
  };
}

function preparedFor(request: PoolRequest): Prepared {
  if (request.design) {
    const prepared = prepare(request.design);
    if (request.keep) touchRecent(designs, request.key, prepared);
    return prepared;
  }
  const prepared = designs.get(request.key);
  if (!prepared) throw new Error(`Design ${request.key} was not sent to this worker`);
  touchRecent(designs, request.key, prepared);
  return prepared;
}

function bytes(buffer: Buffer): ArrayBuffer {
  // Hand the memory over without a copy when the Buffer owns its whole ArrayBuffer.
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer.buffer as ArrayBuffer;
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

async function handle(request: PoolRequest): Promise<PoolResponse> {
  const prepared = preparedFor(request);
  const { job } = request;
  if (job.type === 'pdf') {
    // Bytes arrive as a plain Uint8Array from the message; the PDF writer takes text or a Buffer.
    const attachments = job.attachments?.map((file) => ({
      ...file,
      content: typeof file.content === 'string' ? file.content : Buffer.from(file.content),
    }));
    return { id: request.id, data: bytes(prepared.pdf().render(job.recipient, { attachments })) };
  }
  if (job.type === 'pdfMany') return { id: request.id, data: bytes(prepared.pdf().renderMany(job.recipients, { title: job.title })) };
  const image = await prepared.png().render(job.recipient, { width: job.width, side: job.side, format: job.format });
  // The canvas's JPEG is native memory, which cannot be transferred: it is copied (a tenth of a PNG's bytes).
  return { id: request.id, data: job.format === 'jpeg' ? new Uint8Array(image).buffer : bytes(image) };
}

// One job at a time, in the order they came: the pool times each job from the moment the one before it
// answered, so a job must not start early or overlap another (PNG renders await between draws).
let previous: Promise<void> = Promise.resolve();
// On Linux a nice value belongs to the thread: the event loops that answer requests (and the embedded
// database's thread) get the CPU first, and rendering, a send's bulk of work, takes what is left. On an idle
// machine it renders as fast as before. Elsewhere it would lower the whole process, so it stays as it is.
if (process.platform === 'linux') setPriority(10);

parentPort!.on('message', (request: PoolRequest) => {
  previous = previous.then(() =>
    handle(request).then(
      (response) => parentPort!.postMessage(response, response.data ? [response.data] : []),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const response: PoolResponse = { id: request.id, error: { message, ...(isRenderError(error) ? { code: error.code } : {}) } };
        parentPort!.postMessage(response);
      },
    ),
  );
});
parentPort!.postMessage({ ready: true } satisfies PoolMessage);
