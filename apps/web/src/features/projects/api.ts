import { type CallInput, deliveryCalls, projectCalls, type SendRequest } from '@laurel/domain';
import { call } from '../../api/call.ts';

/**
 * Projects, their recipients and their delivery, as both the send wizard's last step and the Store
 * read them (spec 3 §7, Send and projects). The shapes are the contracts' (`@laurel/domain`).
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

/** Emails one recipient their certificate: a first send if never sent, else an individual resend (spec 3 §7 `recipients/{id}/email`). */
export const emailRecipient = (recipientId: number, senderName: string) =>
  call(deliveryCalls.emailRecipient, { params: { id: recipientId }, body: { sender_name: senderName } });

/** Counts a project's recipients by state again and answers the project as it now stands. */
export const refreshProjectHistory = (projectId: number) => call(projectCalls.refreshProjectHistory, { params: { id: projectId } });
