/** The exports module's public face: what other modules and the server's shared code may use. */
export { exportGaveUpJob, exportJob, exportRemovalJob } from './job.ts';
