import { z } from 'zod';
import { defineCalls, queryFlag, timestamp } from './contract.ts';

/** The running version against the newest release the operator's feed announces (docs/product/account.md#screens Updates, docs/product/account.md#calls `GET admin/version`). */

export const releaseInfo = z
  .object({ version: z.string(), notes: z.string().nullable(), url: z.string().nullable() })
  .meta({ id: 'ReleaseInfo' });
export type ReleaseInfo = z.infer<typeof releaseInfo>;

export const versionStatus = z
  .object({
    /** The running build: the package version, with `+commit` when the build knew it. */
    current: z.string(),
    /** The newest release the feed announces; null without a feed, or when it has not been read successfully yet. */
    latest: releaseInfo.nullable(),
    /** Whether `latest` is newer than the running version. */
    update_available: z.boolean(),
    /** When the feed was last read (successfully or not); null when it never was. */
    checked_at: timestamp().nullable(),
    /** The host of the release feed (UPDATE_FEED_URL); null when none is configured. */
    source: z.string().nullable(),
    /** Why the last reading of the feed failed; null when it succeeded. */
    error: z.string().nullable(),
  })
  .meta({ id: 'VersionStatus' });
export type VersionStatus = z.infer<typeof versionStatus>;

export const updateCalls = defineCalls('updates', {
  getVersion: {
    method: 'GET',
    path: '/api/admin/version',
    summary: 'Compare the running version with the newest release (account admins and super-admins)',
    description: 'The feed is read at most once an hour; `refresh=1` reads it again, at most once a minute.',
    access: 'session',
    query: z.object({ refresh: queryFlag() }),
    response: versionStatus,
  },
});

/** Compares dotted versions (`1.10.0` > `1.9.3`); a pre-release (`2.0.0-rc.1`) is older than its release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.trim().replace(/^v/i, '').split('+')[0]!.split(/-(.*)/s);
    return { parts: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre: pre ?? null };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.parts.length, y.parts.length); i++) {
    const diff = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  return x.pre < y.pre ? -1 : 1;
}
