import { dateRegex } from '@digitalbazaar/vc';

/**
 * A credential's dates, read apart from its signature. @digitalbazaar/vc checks the dates before the proof and
 * refuses both together, so a genuine credential outside its window would read as a broken one. Here the
 * window is judged on its own (still in force, not yet, over, or contradicting itself) and the signature is
 * checked under options that let any window through the library's date gate.
 */

/** The library's own tolerance between clocks, in seconds: what it allows on either side of a date. */
const CLOCK_SKEW_SECONDS = 300;

export type WindowStanding = 'current' | 'not_yet_valid' | 'expired' | 'inverted';

export interface ValidityWindow {
  standing: WindowStanding;
  /** `now` and `maxClockSkew` for verifyCredential: a moment its date gate accepts, so only the proof decides. */
  signatureCheck: { now: Date; maxClockSkew: number };
  /** What the report says of the dates when they are not in force. */
  problems: string[];
}

/** A date as VC 2.0 writes one (XML Schema dateTime, as the library tests it), or an explanation of why it is not. */
function readDate(credential: Record<string, unknown>, name: 'validFrom' | 'validUntil'): Date | null | string {
  const value = credential[name];
  if (value === undefined) return null;
  const date = typeof value === 'string' && new RegExp(`^${dateRegex.source}$`).test(value) ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : `Its ${name} is not a date: ${JSON.stringify(value)}.`;
}

/** The credential's window at `now`, or the problems that make its dates unreadable. */
export function validityWindow(credential: Record<string, unknown>, now: Date): ValidityWindow | { problems: string[] } {
  const from = readDate(credential, 'validFrom');
  const until = readDate(credential, 'validUntil');
  const unreadable = [from, until].filter((d): d is string => typeof d === 'string');
  if (unreadable.length) return { problems: unreadable };
  const start = from as Date | null;
  const end = until as Date | null;

  // Checked at its start (or its end, or now): with the window's own length as tolerance when it is inverted.
  const at = start ?? end ?? now;
  const inversion = start && end && end < start ? Math.ceil((start.getTime() - end.getTime()) / 1000) : 0;
  const signatureCheck = { now: at, maxClockSkew: CLOCK_SKEW_SECONDS + inversion };

  if (inversion)
    return {
      standing: 'inverted',
      signatureCheck,
      problems: [
        `Its dates contradict each other: it ends (validUntil ${credential.validUntil}) before it begins (validFrom ${credential.validFrom}).`,
      ],
    };
  if (start && start.getTime() - now.getTime() > CLOCK_SKEW_SECONDS * 1000)
    return { standing: 'not_yet_valid', signatureCheck, problems: [`It is valid only from ${credential.validFrom}.`] };
  if (end && end < now) return { standing: 'expired', signatureCheck, problems: [`It expired on ${credential.validUntil}.`] };
  return { standing: 'current', signatureCheck, problems: [] };
}
