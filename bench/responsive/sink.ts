import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';

/** Where the bench's certificate mail goes; anything else (the account's own mail) is parsed and kept. */
export const RECIPIENT_DOMAIN = 'bench.example';

export interface Sink {
  port: number;
  /** Certificate messages accepted so far, and when the last one was (performance.now()). */
  accepted: number;
  lastAcceptedAt: number;
  /** The text of the account's own messages (confirmation links), oldest first. */
  accountMail: string[];
  /** The public certificate link (`/c/{token}`) of the first certificate message accepted. */
  firstCertificateToken(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A local SMTP server that counts certificate mail without parsing it (parsing would cost the
 * machine's CPU the app is measured on); only the first certificate message is kept, for its link.
 */
export async function startSink(): Promise<Sink> {
  let firstCertificate: Buffer | undefined;
  const sink: Sink = {
    port: await freePort(),
    accepted: 0,
    lastAcceptedAt: 0,
    accountMail: [],
    async firstCertificateToken() {
      if (!firstCertificate) throw new Error('No certificate message has arrived yet.');
      const mail = await simpleParser(firstCertificate);
      const token = /\/c\/([A-Za-z0-9_-]{20,64})/.exec(`${mail.text ?? ''} ${mail.html || ''}`)?.[1];
      if (!token) throw new Error('The certificate message holds no /c/ link.');
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const certificate = session.envelope.rcptTo.every((r) => r.address.endsWith(`@${RECIPIENT_DOMAIN}`));
      const keep = !certificate || !firstCertificate;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => keep && chunks.push(c));
      stream.on('end', async () => {
        if (certificate) {
          firstCertificate ??= Buffer.concat(chunks);
          sink.accepted++;
          sink.lastAcceptedAt = performance.now();
        } else {
          sink.accountMail.push((await simpleParser(Buffer.concat(chunks))).text ?? '');
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(sink.port, '127.0.0.1', () => resolve()));
  return sink;
}
