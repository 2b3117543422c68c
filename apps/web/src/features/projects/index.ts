/** Projects as the send wizard and the Store both use them: the calls, their query keys and the delivery state. No screen of its own. */
export {
  addRecipients,
  createProject,
  deleteProject,
  emailRecipient,
  getProgress,
  getProject,
  listProjectIndex,
  listProjectRecipients,
  listProjects,
  PROJECTS_KEY,
  progressKey,
  projectKey,
  recipientsKey,
  refreshProjectHistory,
  sendEmails,
  updateProjectMemo,
} from './api.ts';
export { QUEUED_REDIRECT_MS, SENDER_REQUIRED, useSendFeedback } from './send-feedback.ts';
export { PROGRESS_POLL_MS, useProjectDelivery } from './useProjectDelivery.ts';
