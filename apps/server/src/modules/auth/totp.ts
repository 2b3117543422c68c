import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP of RFC 6238 as authenticator apps use it: SHA-1, 30-second steps, six digits. A code of the
 * step before or after the current one is also accepted, for clocks that drift and codes typed at the
 * edge of a step.
 */
const PERIOD_S = 30;
const ISSUER = 'Laurel';

/** A new 160-bit key, base32 (what `google-2fa-key` answers in `key`). */
export function newTotpKey(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/Laurel:{email}?secret=…&issuer=Laurel` URI the app scans, as a PNG data URL. */
export async function totpQrCode(key: string, email: string): Promise<string> {
  const uri = generateURI({ issuer: ISSUER, label: email, secret: key, period: PERIOD_S, digits: 6, algorithm: 'sha1' });
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/**
 * The time step the code belongs to, or null. Steps up to `afterStep` are refused, so a code that was
 * accepted once (or an older one) cannot be used again.
 */
export async function verifyTotp(key: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret: key,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_S,
    digits: 6,
    algorithm: 'sha1',
    epochTolerance: PERIOD_S,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  // The result type covers HOTP too; a TOTP match always carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
