import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process that keeps every message it accepts, parsed. */
export class SmtpSink {
  readonly messages: ParsedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;
  /** Set to a code (e.g. 451 or 550) to answer the next messages with that reply. */
  rejectWith: number | null = null;

  /** Starts listening; `port` lets a stopped sink come back on the address senders already know. */
  async start(port = 0): Promise<string> {
    this.server = new SMTPServer({
      authOptional: true,
      // Stopping drops open connections at once, as a crashed relay would.
      closeTimeout: 100,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          if (this.rejectWith) {
            const error = Object.assign(new Error(`rejected with ${this.rejectWith}`), { responseCode: this.rejectWith });
            return callback(error);
          }
          this.messages.push(await simpleParser(Buffer.concat(chunks)));
          callback();
        });
      },
    });
    // A sender that dies mid-conversation resets its connection; that is the sender's failure, not ours.
    this.server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') throw error;
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
    return `smtp://127.0.0.1:${this.port}?tls=off`;
  }

  async waitFor(predicate: (m: ParsedMail) => boolean, timeoutMs = 15_000): Promise<ParsedMail> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const found = this.messages.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('expected message did not arrive');
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
