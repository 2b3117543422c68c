import { compareVersions, type ReleaseInfo, type VersionStatus } from '@laurel/domain';
import { buildInfo, versionLabel } from '../../config/build-info.ts';
import type { AppContext } from '../../context.ts';
import { GuardedFetchError, guardedFetch } from '../../net/guarded-fetch.ts';

/** The feed is read again after an hour, or on a refresh asked for at least a minute after the last reading. */
const FEED_TTL_MS = 60 * 60_000;
const REFRESH_SPACING_MS = 60_000;

interface FeedState {
  latest: ReleaseInfo | null;
  checkedAt: Date | null;
  error: string | null;
  reading: Promise<void> | null;
}

/** Per process: each API process reads the feed at most once an hour (a handful of requests a day). */
const states = new WeakMap<AppContext, FeedState>();

function stateOf(context: AppContext): FeedState {
  let state = states.get(context);
  if (!state) {
    state = { latest: null, checkedAt: null, error: null, reading: null };
    states.set(context, state);
  }
  return state;
}

/** The running version against the feed's newest release (docs/product/super-admin.md#calls `GET admin/version`). */
export async function versionStatus(context: AppContext, refresh: boolean): Promise<VersionStatus> {
  const current = versionLabel();
  const feedUrl = context.env.UPDATE_FEED_URL;
  if (!feedUrl) return { current, latest: null, update_available: false, checked_at: null, source: null, error: null };

  const state = stateOf(context);
  const now = context.clock.now().getTime();
  const age = state.checkedAt ? now - state.checkedAt.getTime() : Number.POSITIVE_INFINITY;
  if (age >= FEED_TTL_MS || (refresh && age >= REFRESH_SPACING_MS)) {
    // Requests that arrive together wait for one reading.
    state.reading ??= readFeed(context, feedUrl, state).finally(() => {
      state.reading = null;
    });
    await state.reading;
  }
  return {
    current,
    latest: state.latest,
    update_available: state.latest ? compareVersions(state.latest.version, buildInfo().version) > 0 : false,
    checked_at: state.checkedAt?.toISOString() ?? null,
    source: new URL(feedUrl).host,
    error: state.error,
  };
}

async function readFeed(context: AppContext, feedUrl: string, state: FeedState): Promise<void> {
  try {
    state.latest = await fetchRelease(context, feedUrl);
    state.error = null;
  } catch (error) {
    // The last release read stays known; the error says why it could not be confirmed now.
    state.error = error instanceof FeedError || error instanceof GuardedFetchError ? error.message : 'The release feed could not be read.';
    context.log.warn({ err: error }, 'release feed not read');
  }
  state.checkedAt = context.clock.now();
}

class FeedError extends Error {}

async function fetchRelease(context: AppContext, feedUrl: string): Promise<ReleaseInfo> {
  const response = await guardedFetch(feedUrl, {
    allowPrivate: context.env.ALLOW_PRIVATE_TARGETS,
    headers: { accept: 'application/json' },
    maxBytes: 256 * 1024,
    timeoutMs: 5_000,
  });
  if (response.status < 200 || response.status >= 300) throw new FeedError(`The release feed answered HTTP ${response.status}.`);
  let feed: unknown;
  try {
    feed = JSON.parse(response.body.toString('utf8'));
  } catch {
    throw new FeedError('The release feed is not valid JSON.');
  }
  const { version, notes, url } = (feed ?? {}) as Record<string, unknown>;
  if (typeof version !== 'string' || !/^v?\d+(\.\d+)*([-+][\w.-]*)?$/.test(version.trim()))
    throw new FeedError('The release feed does not name a version.');
  return {
    version: version.trim().replace(/^v/i, ''),
    notes: typeof notes === 'string' && notes.trim() ? notes.trim().slice(0, 5000) : null,
    // Only a web address becomes a link on the page.
    url: typeof url === 'string' && /^https?:\/\//i.test(url) && URL.canParse(url) ? url : null,
  };
}
