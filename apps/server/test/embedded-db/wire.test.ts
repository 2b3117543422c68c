import { describe, expect, it } from 'vitest';
import { MessageReader } from '../../src/db/embedded/wire.ts';

const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const startup = Buffer.concat([int32(4 + 4 + 9), int32(196_608), Buffer.from('user\0pg\0\0')]);
const sslRequest = Buffer.concat([int32(8), int32(80_877_103)]);
const typed = (type: string, body: string) => Buffer.concat([Buffer.from(type), int32(4 + body.length), Buffer.from(body)]);

describe('the embedded database’s message reader', () => {
  it('answers an encryption request apart, then reads the start-up packet and typed messages', () => {
    const reader = new MessageReader();
    expect(reader.push(sslRequest)).toEqual([{ kind: 'encryption-request' }]);
    const [first] = reader.push(startup);
    expect(first).toEqual({ kind: 'message', bytes: Uint8Array.from(startup), endsExchange: true });
    const query = typed('Q', 'select 1\0');
    expect(reader.push(query)).toEqual([{ kind: 'message', bytes: Uint8Array.from(query), endsExchange: true }]);
  });

  it('cuts an extended query into its messages, only Sync ending the exchange, whatever the chunks', () => {
    const reader = new MessageReader();
    reader.push(startup);
    const messages = [typed('P', '\0select $1\0\0\0'), typed('B', '\0\0\0\0\0\0\0\0'), typed('E', '\0\0\0\0\0'), typed('S', '')];
    const stream = Buffer.concat(messages);
    // Byte by byte: nothing comes out before a message is whole.
    const read = [...stream].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(read.map((m) => (m.kind === 'message' ? [Buffer.from(m.bytes).toString('latin1'), m.endsExchange] : m.kind))).toEqual(
      messages.map((m, i) => [m.toString('latin1'), i === messages.length - 1]),
    );
  });

  it('recognises Terminate and a cancel request', () => {
    const reader = new MessageReader();
    expect(reader.push(Buffer.concat([int32(16), int32(80_877_102), int32(1), int32(2)]))).toEqual([{ kind: 'cancel' }]);
    reader.push(startup);
    expect(reader.push(typed('X', ''))).toEqual([{ kind: 'terminate' }]);
  });
});
