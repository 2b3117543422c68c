/**
 * The frontend side of the PostgreSQL wire protocol (version 3), read just far enough to cut a byte
 * stream into messages: the length-prefixed start-up packets (start-up, SSL or GSS encryption request,
 * cancel request) first, then typed messages (one type byte, then a length that counts itself).
 */
export type FrontendMessage =
  | { kind: 'encryption-request' }
  | { kind: 'cancel' }
  | { kind: 'terminate' }
  /** `endsExchange`: a Sync or simple Query, after which the backend reports whether a transaction is open. */
  | { kind: 'message'; bytes: Uint8Array; endsExchange: boolean };

const SSL_REQUEST = 80_877_103;
const GSS_ENCRYPTION_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const TYPE_QUERY = 0x51; // 'Q'
const TYPE_SYNC = 0x53; // 'S'
const TYPE_TERMINATE = 0x58; // 'X'

export class MessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;

  /** Adds bytes from the socket; returns the messages now complete, in order. */
  push(chunk: Buffer): FrontendMessage[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const messages: FrontendMessage[] = [];
    for (;;) {
      const message = this.started ? this.typed() : this.startup();
      if (!message) return messages;
      messages.push(message);
    }
  }

  private take(length: number): Buffer {
    const bytes = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return bytes;
  }

  /** A packet without a type byte: its length, then a code saying what it is. */
  private startup(): FrontendMessage | null {
    if (this.buffer.length < 8) return null;
    const length = this.buffer.readInt32BE(0);
    if (this.buffer.length < length) return null;
    const code = this.buffer.readInt32BE(4);
    const bytes = this.take(length);
    if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) return { kind: 'encryption-request' };
    if (code === CANCEL_REQUEST) return { kind: 'cancel' };
    this.started = true;
    return { kind: 'message', bytes: Uint8Array.from(bytes), endsExchange: true };
  }

  private typed(): FrontendMessage | null {
    if (this.buffer.length < 5) return null;
    const length = 1 + this.buffer.readInt32BE(1);
    if (this.buffer.length < length) return null;
    const type = this.buffer[0];
    const bytes = this.take(length);
    if (type === TYPE_TERMINATE) return { kind: 'terminate' };
    return { kind: 'message', bytes: Uint8Array.from(bytes), endsExchange: type === TYPE_QUERY || type === TYPE_SYNC };
  }
}
