/** What the server's thread gives the database thread when starting it. */
export interface ThreadData {
  /** PGlite's data directory, or `memory://`. */
  location: string;
  /** The Unix socket the thread listens on, inside a directory only this user can open. */
  socketPath: string;
}

export type ThreadRequest = { type: 'stop' };

export type ThreadReport = { type: 'ready' } | { type: 'stopped' } | { type: 'failed'; message: string };
