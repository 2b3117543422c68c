import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A public token: 256 random bits, URL-safe. Used for sessions and mailed links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256 only, so a leaked table leaks no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * APP_SECRET, or one generated on first start and kept in DATA_DIR so that restarts keep
 * signed tokens and encrypted secrets valid.
 */
export function resolveAppSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  if (dataDir === 'memory://') return randomBytes(32).toString('hex');
  const file = path.resolve(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Secrets customers give us (a TOTP key, say) are kept encrypted with AES-256-GCM under a key derived
 * from the app secret by HKDF with a label of its own, so this key is never the one that signs tokens.
 * `context` is bound as associated data: a value copied to another row (another user's) does not decrypt.
 * Stored form: `v1.` + base64url(iv | tag | ciphertext).
 */
const STORED_SECRET_LABEL = 'laurel stored secrets v1';

function storedSecretKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), STORED_SECRET_LABEL, 32));
}

export function encryptSecret(appSecret: string, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', storedSecretKey(appSecret), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Throws when the value was not encrypted with this app secret and context, or was altered. */
export function decryptSecret(appSecret: string, stored: string, context: string): string {
  if (!stored.startsWith('v1.')) throw new Error('unknown stored secret format');
  const raw = Buffer.from(stored.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', storedSecretKey(appSecret), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
