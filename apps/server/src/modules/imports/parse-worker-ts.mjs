// Worker entry when the server runs from its TypeScript sources (tests, `tsx` in development): register
// tsx in this thread, then load the worker. The built server starts dist/import-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
