// Thread entry when the server runs from its TypeScript sources (tests, `tsx` in development): register
// tsx in this thread, then load the thread. The built server starts dist/pglite-thread.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');
