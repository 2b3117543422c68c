import { createHmac } from 'node:crypto';

/**
 * A TOTP (RFC 6238, over HOTP of RFC 4226) written here from the RFCs alone, so the tests do not check
 * the server's library against itself. It is checked against the RFC's own test vectors.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP: HMAC-SHA-1 of the 8-byte counter, dynamic truncation, `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** TOTP with T0 = 0 and 30-second steps, at `seconds` since the epoch. */
export function totpAt(key: Buffer, seconds: number, digits = 6): string {
  return hotp(key, Math.floor(seconds / 30), digits);
}

/** The six-digit code an authenticator app shows for a base32 key at this time. */
export function totpCode(base32Key: string, at: Date): string {
  return totpAt(base32Decode(base32Key), Math.floor(at.getTime() / 1000));
}
