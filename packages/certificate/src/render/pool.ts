import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CustomFontFile } from '../fonts/node-fonts.ts';
import { designImageSources } from '../layout/layout.ts';
import type { Recipient } from '../layout/recipient.ts';
import type { CertificateDesign } from '../model/design.ts';
import { fileImageLoader, type ImageLoader } from './image-source.ts';
import type { PdfDocumentOptions } from './pdf/render-pdf.ts';
import type { RasterOptions } from './png/render-png.ts';
import { type PoolDesign, type PoolJob, type PoolMessage, type PoolRequest, type PoolResponse, touchRecent } from './pool-messages.ts';
import { RenderError } from './render-error.ts';

export interface RenderPoolOptions {
  /** Worker threads, started as work arrives; defaults to one per core. */
  size?: number;
  /** The worker entry, for builds that bundle it elsewhere; defaults to the worker beside this file. */
  workerUrl?: URL;
  /** How long one job may run once its worker starts it; defaults to DEFAULT_TIME_LIMIT_MS. */
  timeLimitMs?: number;
  /** Each worker's JavaScript heap (V8 old generation), in MB; defaults to DEFAULT_MEMORY_LIMIT_MB. */
  memoryLimitMb?: number;
}

/** What a design needs besides itself; everything is resolved on the calling thread. */
export interface PoolDesignOptions {
  /** The account's own fonts, registered in the worker from their files. */
  fonts?: readonly CustomFontFile[];
  /** Reads the design's images here, before the job leaves; defaults to data: URLs and absolute paths. */
  loadImage?: ImageLoader;
  /**
   * Reads a print-resolution variant of an image, for PDFs only; an image it answers nothing for goes into
   * the PDF as `loadImage` read it. PNGs (previews, thumbnails) always use the light images.
   */
  loadPrintImage?: ImageLoader;
  /** The PDF document title. */
  title?: string;
  /**
   * Whether workers keep the prepared design (fonts subset, images decoded) for later renders of the
   * same handle, as a send of many recipients wants; a one-off preview leaves nothing behind. Default true.
   */
  keep?: boolean;
}

/** A design handed to the pool once, rendered for as many recipients as needed. */
export interface PooledDesign {
  /** One recipient's PDF; `attachments` are embedded in this document only (e.g. its Open Badges credential). */
  renderPdf(recipient: Recipient | undefined, options?: PdfDocumentOptions): Promise<Buffer>;
  /** Several recipients' certificates in one PDF, in the order given (see PdfRenderer.renderMany). */
  renderMany(recipients: readonly Recipient[], options?: { title?: string }): Promise<Buffer>;
  /** One side as an image: PNG, or JPEG with `format: 'jpeg'` (see RasterFormat). */
  renderPng(recipient: Recipient | undefined, options?: RasterOptions): Promise<Buffer>;
}

export const DEFAULT_TIME_LIMIT_MS = 20_000;
/**
 * The heap ceiling of a worker. Pixel buffers live outside the JavaScript heap and are not counted here:
 * they are bounded before decoding, by the image checks (image-guard.ts).
 */
export const DEFAULT_MEMORY_LIMIT_MB = 512;
/**
 * The worker's young generation. Rendering makes many short-lived objects; a small nursery stays in the core's
 * cache while both threads render, and two workers drew about 13% more PDFs a second with 16 MB than with 64.
 */
const YOUNG_GENERATION_MB = 16;
/**
 * Jobs posted to one worker ahead of its answers: the next job is already there when one finishes, so
 * a worker does not idle for a message round trip between short renders. Only the first one runs.
 */
const PIPELINE_DEPTH = 2;

interface Job {
  id: number;
  key: string;
  spec: PoolDesign;
  keep: boolean;
  job: PoolJob;
  resolve: (data: Buffer) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  /** Keys of the designs the worker holds, in the worker's own least-recently-used order. */
  designs: Map<string, true>;
  /** Jobs posted and not yet answered, in order; the first is running. */
  jobs: Job[];
  timer?: NodeJS.Timeout;
  /** Set once the worker has loaded its modules: a job's clock starts then, not while the thread boots. */
  ready: boolean;
  retired: boolean;
}

function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * Renders certificates on worker threads, one per core. Each job runs within a time limit (past it the
 * worker is stopped and replaced, and only that job fails) and each worker within a heap ceiling. A
 * worker keeps its prepared renderer per kept design (font subsets, decoded images), so a design is
 * sent to a worker once and every later job carries only the recipient.
 */
export class RenderPool {
  /** Read when each job starts; a change applies to the jobs that start after it. */
  timeLimitMs: number;
  /** The most worker threads the pool runs at once. */
  readonly size: number;
  private readonly url: URL;
  private readonly memoryLimitMb: number;
  private workers: PoolWorker[] = [];
  private queue: Job[] = [];
  private byDesign = new WeakMap<CertificateDesign, PooledDesign>();
  private nextId = 1;
  private nextKey = 1;
  private closing = false;

  constructor(options: RenderPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.memoryLimitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
    // From TypeScript sources the worker needs tsx registered in its own thread first.
    const fromSources = import.meta.url.endsWith('.ts');
    this.url = options.workerUrl ?? new URL(fromSources ? './pool-worker-ts.mjs' : './pool-worker.js', import.meta.url);
  }

  /**
   * Starts every thread now rather than on the first render: a thread takes a moment to load the
   * renderer and its fonts, which the first previews a user asks for would otherwise wait for.
   */
  warm(): void {
    while (!this.closing && this.workers.length < this.size) this.spawn();
  }

  /** Hands a design to the pool; its images are read now, on this thread. */
  prepare(design: CertificateDesign, options: PoolDesignOptions = {}): PooledDesign {
    const loadImage = options.loadImage ?? fileImageLoader();
    const images: Record<string, Uint8Array> = {};
    for (const src of designImageSources(design)) {
      const bytes = loadImage(src);
      if (bytes) images[src] = bytes;
    }
    const printImages: Record<string, Uint8Array> = {};
    for (const src of options.loadPrintImage ? Object.keys(images) : []) {
      const bytes = options.loadPrintImage!(src);
      if (bytes) printImages[src] = bytes;
    }
    const spec: PoolDesign = { design, fonts: options.fonts ?? [], images, printImages, title: options.title };
    const key = String(this.nextKey++);
    const keep = options.keep ?? true;
    const run = (job: PoolJob) => this.submit(key, spec, keep, job);
    return {
      renderPdf: (recipient, pdf = {}) =>
        run({ type: 'pdf', recipient, ...(pdf.attachments?.length ? { attachments: pdf.attachments } : {}) }),
      renderMany: (recipients, many = {}) => run({ type: 'pdfMany', recipients, title: many.title }),
      renderPng: (recipient, image = {}) =>
        run({ type: 'png', recipient, width: image.width, side: image.side, ...(image.format ? { format: image.format } : {}) }),
    };
  }

  /** One PDF; the design object is prepared once and kept by the workers while it is in use. */
  renderPdf(design: CertificateDesign, recipient: Recipient | undefined): Promise<Buffer> {
    return this.pooled(design).renderPdf(recipient);
  }

  renderPng(design: CertificateDesign, recipient: Recipient | undefined, options: RasterOptions = {}): Promise<Buffer> {
    return this.pooled(design).renderPng(recipient, options);
  }

  async close(): Promise<void> {
    this.closing = true;
    const closed = new Error('The render pool is closed');
    for (const job of this.queue.splice(0)) job.reject(closed);
    await Promise.all([...this.workers].map((entry) => this.retire(entry, closed)));
  }

  private pooled(design: CertificateDesign): PooledDesign {
    let pooled = this.byDesign.get(design);
    if (!pooled) {
      pooled = this.prepare(design);
      this.byDesign.set(design, pooled);
    }
    return pooled;
  }

  private submit(key: string, spec: PoolDesign, keep: boolean, job: PoolJob): Promise<Buffer> {
    if (this.closing) return Promise.reject(new Error('The render pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, key, spec, keep, job, resolve, reject });
      this.dispatch();
    });
  }

  /** Posts queued jobs to the least busy workers, starting a worker while there are fewer than `size`. */
  private dispatch(): void {
    while (this.queue.length > 0) {
      let target = this.workers.find((w) => w.jobs.length === 0);
      if (!target && this.workers.length < this.size) target = this.spawn();
      target ??= this.workers.filter((w) => w.jobs.length < PIPELINE_DEPTH).sort((a, b) => a.jobs.length - b.jobs.length)[0];
      if (!target) return;
      this.post(target, this.queue.shift()!);
    }
  }

  private post(target: PoolWorker, job: Job): void {
    let design: PoolDesign | undefined = job.spec;
    if (job.keep) {
      // Mirrors the worker's own cache: the design goes along only when the worker does not hold it.
      if (target.designs.has(job.key)) design = undefined;
      touchRecent(target.designs, job.key, true);
    }
    const request: PoolRequest = { id: job.id, key: job.key, keep: job.keep, job: job.job, ...(design ? { design } : {}) };
    target.jobs.push(job);
    target.worker.postMessage(request);
    if (target.jobs.length === 1 && target.ready) this.startClock(target);
  }

  private startClock(entry: PoolWorker): void {
    const limit = this.timeLimitMs;
    entry.timer = setTimeout(() => {
      const job = entry.jobs.shift();
      void this.retire(entry);
      job?.reject(
        new RenderError(
          'render_timeout',
          `Rendering took too long (more than ${duration(limit)}) and was stopped. Simplify the design and try again.`,
        ),
      );
      this.dispatch();
    }, limit);
  }

  private spawn(): PoolWorker {
    const worker = new Worker(this.url, {
      resourceLimits: { maxOldGenerationSizeMb: this.memoryLimitMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const entry: PoolWorker = { worker, designs: new Map(), jobs: [], ready: false, retired: false };
    worker.on('message', (message: PoolMessage) => {
      if (!('ready' in message)) return this.settle(entry, message);
      entry.ready = true;
      if (entry.jobs.length > 0) this.startClock(entry);
    });
    // A crashed worker fails the job it was running and is replaced, so one bad certificate cannot stall the pool.
    worker.on('error', (error: Error & { code?: string }) => {
      const reason =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new RenderError(
              'render_memory',
              'Rendering needed more memory than allowed and was stopped. Use fewer or smaller images and try again.',
            )
          : new Error(`Render worker failed: ${error.message}`);
      this.crashed(entry, reason);
    });
    worker.on('exit', (code) => this.crashed(entry, new Error(`Render worker exited with code ${code}`)));
    this.workers.push(entry);
    return entry;
  }

  private settle(entry: PoolWorker, response: PoolResponse): void {
    if (entry.retired) return;
    const index = entry.jobs.findIndex((job) => job.id === response.id);
    if (index < 0) return;
    const [job] = entry.jobs.splice(index, 1);
    clearTimeout(entry.timer);
    if (entry.jobs.length > 0) this.startClock(entry);
    if (response.error) {
      const { message, code } = response.error;
      job!.reject(code ? new RenderError(code, message) : new Error(message));
    } else {
      job!.resolve(Buffer.from(response.data!));
    }
    this.dispatch();
  }

  private crashed(entry: PoolWorker, reason: Error): void {
    if (entry.retired || this.closing) return;
    const job = entry.jobs.shift();
    void this.retire(entry);
    job?.reject(reason);
    this.dispatch();
  }

  /**
   * Takes a worker out of the pool and stops it. The job it was running has been dealt with by the
   * caller; the jobs posted behind it never started and go back to the front of the queue.
   */
  private retire(entry: PoolWorker, reason?: Error): Promise<unknown> {
    if (entry.retired) return Promise.resolve();
    entry.retired = true;
    clearTimeout(entry.timer);
    this.workers = this.workers.filter((w) => w !== entry);
    const waiting = entry.jobs.splice(0);
    if (reason) for (const job of waiting) job.reject(reason);
    else this.queue.unshift(...waiting);
    return entry.worker.terminate();
  }
}
