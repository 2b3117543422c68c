/** What the server's thread gives the database thread when starting it. */
export interface ThreadData {
  /** PGlite's data directory, or `memory://`. */
  location: string;
  /** The Unix socket the thread listens on, inside a directory only this user can open. */
  socketPath: string;
  /**
   * A data directory saved by `dump()` (an uncompressed tarball) to start from instead of a new cluster:
   * the tests open every file's database from one migrated copy. A `memory://` location only.
   */
  snapshot?: Uint8Array;
}

export type ThreadRequest = { type: 'stop' } | { type: 'dump' };

export type ThreadReport =
  | { type: 'ready' }
  | { type: 'stopped' }
  | { type: 'dumped'; data: Uint8Array }
  | { type: 'failed'; message: string };
