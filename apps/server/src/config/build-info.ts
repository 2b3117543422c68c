import { readFileSync } from 'node:fs';

/** Set by the build (apps/server/build.mjs): the root package version and the commit it was built from. */
declare const __LAUREL_BUILD__: { version: string; commit: string | null } | undefined;

export interface BuildInfo {
  version: string;
  commit: string | null;
}

let cached: BuildInfo | null = null;

/**
 * The running build. Run from source (tests, `npm run dev`) there is no build step: the version is read
 * from the root package.json and the commit is unknown.
 */
export function buildInfo(): BuildInfo {
  if (cached) return cached;
  if (typeof __LAUREL_BUILD__ !== 'undefined') cached = __LAUREL_BUILD__;
  else {
    let version = '0.0.0';
    try {
      const root = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string };
      version = root.version ?? version;
    } catch {
      // A layout without the repository's package.json: the version stays unknown.
    }
    cached = { version, commit: null };
  }
  return cached;
}

/** The version as people read it: `0.1.0`, or `0.1.0+1a2b3c4` when the commit is known. */
export function versionLabel(info: BuildInfo = buildInfo()): string {
  return info.commit ? `${info.version}+${info.commit}` : info.version;
}
