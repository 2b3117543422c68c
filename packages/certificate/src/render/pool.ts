import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Recipient } from '../layout/recipient.ts';
import type { CertificateDesign, DesignSide } from '../model/design.ts';
import type { PoolRequest, PoolResponse } from './pool-messages.ts';

export interface RenderPoolOptions {
  /** Worker threads; defaults to one per core. */
  size?: number;
  /** The worker entry, for builds that bundle it elsewhere; defaults to the worker beside this file. */
  workerUrl?: URL;
}

interface PoolWorker {
  worker: Worker;
  designs: Set<string>;
  inFlight: number;
  /** Ids of requests sent to this worker and not yet answered. */
  jobs: Set<number>;
}

type Pending = { resolve: (data: ArrayBuffer | undefined) => void; reject: (error: Error) => void };

/**
 * Renders certificates on worker threads, one per core. Each worker keeps its own prepared renderer per
 * design (font subsets, decoded images), so a design is sent to a worker once and every later job carries
 * only the recipient.
 */
export class RenderPool {
  private workers: PoolWorker[];
  private pending = new Map<number, Pending>();
  private keys = new WeakMap<CertificateDesign, string>();
  private nextId = 1;
  private nextKey = 1;
  private readonly url: URL;
  private closing = false;

  constructor(options: RenderPoolOptions = {}) {
    const size = options.size ?? availableParallelism();
    // From TypeScript sources the worker needs tsx registered in its own thread first.
    const fromSources = import.meta.url.endsWith('.ts');
    const url = options.workerUrl ?? new URL(fromSources ? './pool-worker-ts.mjs' : './pool-worker.js', import.meta.url);
    this.url = url;
    this.workers = Array.from({ length: size }, () => this.spawn());
  }

  private spawn(): PoolWorker {
    const entry: PoolWorker = { worker: new Worker(this.url), designs: new Set<string>(), inFlight: 0, jobs: new Set<number>() };
    entry.worker.on('message', (response: PoolResponse) => this.settle(response, entry));
    // A crashed worker fails its own jobs and is replaced, so one bad certificate cannot stall the pool.
    entry.worker.on('error', (error) => this.fail(entry, error));
    entry.worker.on('exit', (code) => {
      if (this.closing) return;
      this.fail(entry, new Error(`Render worker exited with code ${code}`));
      this.workers[this.workers.indexOf(entry)] = this.spawn();
    });
    return entry;
  }

  get size(): number {
    return this.workers.length;
  }

  async renderPdf(design: CertificateDesign, recipient: Recipient | undefined): Promise<Buffer> {
    return this.run(design, (id, key) => ({ type: 'pdf', id, key, recipient }));
  }

  async renderPng(
    design: CertificateDesign,
    recipient: Recipient | undefined,
    options: { width?: number; side?: DesignSide } = {},
  ): Promise<Buffer> {
    return this.run(design, (id, key) => ({ type: 'png', id, key, recipient, options }));
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }

  private async run(design: CertificateDesign, request: (id: number, key: string) => PoolRequest): Promise<Buffer> {
    let key = this.keys.get(design);
    if (!key) {
      key = String(this.nextKey++);
      this.keys.set(design, key);
    }
    const target = this.workers.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    target.inFlight++;
    try {
      if (!target.designs.has(key)) {
        target.designs.add(key);
        // Posted before the job on the same port, so the worker has the design when the job arrives.
        void this.send(target, { type: 'design', id: this.nextId++, key, design });
      }
      const data = await this.send(target, request(this.nextId++, key));
      return Buffer.from(data!);
    } finally {
      target.inFlight--;
    }
  }

  private send(target: PoolWorker, request: PoolRequest): Promise<ArrayBuffer | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      target.jobs.add(request.id);
      target.worker.postMessage(request);
    });
  }

  private settle(response: PoolResponse, from: PoolWorker): void {
    from.jobs.delete(response.id);
    const pending = this.pending.get(response.id);
    if (!pending) return;
    this.pending.delete(response.id);
    if (response.error) pending.reject(new Error(response.error));
    else pending.resolve(response.data);
  }

  private fail(worker: PoolWorker, error: Error): void {
    for (const id of worker.jobs) {
      this.pending.get(id)?.reject(error);
      this.pending.delete(id);
    }
    worker.jobs.clear();
  }
}
