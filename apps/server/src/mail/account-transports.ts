import type { Transporter } from 'nodemailer';

/** A pool left unused this long is closed; the next message opens it again. */
const IDLE_MS = 5 * 60_000;

interface Entry {
  version: string;
  transporter: Promise<Transporter>;
  lastUsed: number;
}

/**
 * One pooled nodemailer transport per account that sends through its own server, kept while the
 * account's settings stay the same (`version`, their `updated_at`): a save makes the next message
 * build a new transport and closes the old one, so mail never leaves through a server that was
 * replaced. Idle transports are closed by a sweeper.
 */
export class AccountTransports {
  private readonly entries = new Map<number, Entry>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000);

  constructor() {
    this.sweeper.unref();
  }

  /** The account's transport for these settings, built by `build` when there is none or it is stale. */
  async get(accountId: number, version: string, build: () => Promise<Transporter>): Promise<Transporter> {
    let entry = this.entries.get(accountId);
    if (entry && entry.version !== version) {
      this.drop(accountId, entry);
      entry = undefined;
    }
    if (!entry) {
      entry = { version, transporter: build(), lastUsed: Date.now() };
      this.entries.set(accountId, entry);
      // A transport that could not be built (the host no longer resolves) is not kept: the next try builds again.
      entry.transporter.catch(() => {
        if (this.entries.get(accountId) === entry) this.entries.delete(accountId);
      });
    }
    entry.lastUsed = Date.now();
    return entry.transporter;
  }

  /** Closes the account's transport now (its settings changed or its mailbox was disconnected). */
  forget(accountId: number): void {
    const entry = this.entries.get(accountId);
    if (entry) this.drop(accountId, entry);
  }

  /** How many transports are open: for tests of the cache. */
  get size(): number {
    return this.entries.size;
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const [accountId, entry] of this.entries) this.drop(accountId, entry);
  }

  private sweep(): void {
    for (const [accountId, entry] of this.entries) if (Date.now() - entry.lastUsed > IDLE_MS) this.drop(accountId, entry);
  }

  private drop(accountId: number, entry: Entry): void {
    this.entries.delete(accountId);
    entry.transporter.then((t) => t.close()).catch(() => {});
  }
}
