/** The accounts module's public face: what other modules and the server's shared code may use. */

export { type DeletionRequest, requestAccountDeletion } from './deletion.ts';
export { accountDeletionJob } from './deletion-job.ts';
export { notifyDaysJob } from './notify-days-job.ts';
