// Worker entry when the package runs from its TypeScript sources (tests, the benchmark, `tsx` in
// development): register tsx in this thread, then load the worker. Bundled builds point the pool at
// their compiled worker instead (RenderPoolOptions.workerUrl).
import { register } from 'tsx/esm/api';

register();
await import('./pool-worker.ts');
