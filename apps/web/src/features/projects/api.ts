import { type CallInput, deliveryCalls, projectCalls, type SendRequest } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/**
 * Projects, their recipients and their delivery: every project call of the app, for the send wizard
 * (which creates a project and sends it) and the Store (which lists, edits and resends them) (docs/product/store.md#calls, Send and projects). The shapes are the contracts' (`@laurel/domain`).
 */

/**
 * Every query of a project or its recipients has a key under this one, whichever screen asks: a send
 * from the wizard then refreshes what the Store shows, and a send or an edit in the Store refreshes
 * the wizard's send step.
 */
export const PROJECTS_KEY = ['store'] as const;

export const projectKey = (id: number) => [...PROJECTS_KEY, 'project', id] as const;

export const progressKey = (id: number) => [...PROJECTS_KEY, 'progress', id] as const;

/** A project's recipients; `view` tells apart the tables that list them with other pages or searches. */
export const recipientsKey = (projectId: number, ...view: unknown[]) => [...PROJECTS_KEY, 'recipients', projectId, ...view] as const;

export const getProject = (id: number) => call(projectCalls.getProject, { params: { id } });

export const listProjectRecipients = (query: CallInput<typeof projectCalls.listRecipients>['query']) =>
  call(projectCalls.listRecipients, { query });

/** Sending and resending (the delivery API): the sender name is required by the server unless the project has one. */
export const sendEmails = (projectId: number, body: SendRequest) =>
  call(deliveryCalls.sendProjectEmails, { params: { id: projectId }, body });

export const getProgress = (projectId: number) => call(deliveryCalls.getProjectProgress, { params: { id: projectId } });

/** Emails one recipient their certificate: a first send if never sent, else an individual resend (docs/product/store.md#calls `recipients/{id}/email`). */
export const emailRecipient = (recipientId: number, senderName: string) =>
  call(deliveryCalls.emailRecipient, { params: { id: recipientId }, body: { sender_name: senderName } });

/** Counts a project's recipients by state again and answers the project as it now stands. */
export const refreshProjectHistory = (projectId: number) => call(projectCalls.refreshProjectHistory, { params: { id: projectId } });

/** The send wizard's save step: a new project with its recipients and the column mapping. */
export const createProject = (body: CallInput<typeof projectCalls.createProject>['body']) => call(projectCalls.createProject, { body });

export const listProjects = (query: CallInput<typeof projectCalls.listProjects>['query']) => call(projectCalls.listProjects, { query });

/** The account's live projects by title, for pickers (docs/product/store.md#calls `projects/index-list`). */
export const listProjectIndex = () => call(projectCalls.listProjectIndex, { query: { 'where[status]': '1' } });

export const updateProjectMemo = (id: number, body: { memo?: string; title?: string }) =>
  call(projectCalls.updateProjectMemo, { params: { id }, body });

export const deleteProject = (id: number) => call(projectCalls.deleteProject, { params: { id } });

export const addRecipients = (projectId: number, recipients: Record<string, string>[]) =>
  call(projectCalls.addRecipients, { params: { id: projectId }, body: { recipients } });
