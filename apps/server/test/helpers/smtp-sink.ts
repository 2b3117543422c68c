import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * What a sink demands before it takes mail: a user name and password (AUTH PLAIN/LOGIN), or an OAuth 2
 * access token (AUTH XOAUTH2) that `accepts` checks.
 */
export type SinkAuth = { user: string; pass: string } | { xoauth2: (user: string, accessToken: string) => Promise<boolean> };

/** A real SMTP server in the test process that keeps every message it accepts, parsed. */
export class SmtpSink {
  readonly messages: ParsedMail[] = [];
  /** When each of `messages` was accepted (ms since the epoch), in the same order. */
  readonly arrivals: number[] = [];
  /** The users that authenticated, in order. */
  readonly logins: string[] = [];
  constructor(private readonly auth?: SinkAuth) {}
  private server: SMTPServer | null = null;
  port = 0;
  /** Set to a code (e.g. 451 or 550) to answer the next messages with that reply. */
  rejectWith: number | null = null;

  /** Starts listening; `port` lets a stopped sink come back on the address senders already know. */
  async start(port = 0): Promise<string> {
    const auth = this.auth;
    this.server = new SMTPServer({
      authOptional: !auth,
      allowInsecureAuth: true,
      ...(auth ? { authMethods: 'xoauth2' in auth ? ['XOAUTH2'] : ['PLAIN', 'LOGIN'] } : {}),
      onAuth: (credentials, _session, callback) => {
        const accepted = !auth
          ? Promise.resolve(true)
          : 'xoauth2' in auth
            ? auth.xoauth2(credentials.username ?? '', credentials.accessToken ?? '')
            : Promise.resolve(credentials.username === auth.user && credentials.password === auth.pass);
        accepted.then((ok) => {
          // A refused OAuth token is answered as Gmail does: a 334 challenge with the error, then 535.
          if (!ok && auth && 'xoauth2' in auth) return callback(null, { data: { status: '401', schemes: 'bearer' } });
          if (!ok) return callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
          this.logins.push(credentials.username ?? '');
          callback(null, { user: credentials.username });
        }, callback);
      },
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
          this.arrivals.push(Date.now());
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

  /** Connections a client holds open now (a pooled sender keeps some between messages). */
  get openConnections(): number {
    return this.server?.connections.size ?? 0;
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
