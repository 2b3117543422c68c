import { migrateDesign } from '@laurel/certificate';
import type { V1Issue } from '@laurel/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, recipients } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { assertMaySend } from '../../http/permissions.ts';
import { findCertificateSet } from '../certificates/index.ts';
import { createProject, deleteProject } from '../projects/index.ts';
import { assertRecipientRows, type KeyAuth, mappedRow, presentV1Recipient } from '../public-api/index.ts';
import { queueProjectSend } from './send.ts';

/** "Course completion, issued 2026-11-28 16:45:03.123 UTC": a project title no other call of the account takes. */
const defaultTitle = (setName: string, at: Date) => `${setName}, issued ${at.toISOString().replace('T', ' ').replace('Z', ' UTC')}`;

const isTitleTaken = (error: unknown) => error instanceof AppError && error.status === 400 && error.extra.field === 'title';

/**
 * `POST /v1/credentials`: a project of the given recipients, made and sent in one call, as the two-step flow does.
 * Should the send be refused (no credits, a font the plan no longer allows), the project just made is deleted, so a
 * refused call leaves nothing behind and a retry starts afresh.
 */
export async function issueCredentials(context: AppContext, { member, key }: KeyAuth, body: V1Issue, ip: string) {
  assertMaySend(member.user);
  const set = await findCertificateSet(context, member, body.certificate_set_id);
  assertRecipientRows(migrateDesign(set.design), body.recipients, context.clock.now());
  const input = { certificate_id: set.id, recipients: body.recipients.map(mappedRow) };
  let project: Awaited<ReturnType<typeof createProject>>;
  try {
    project = await createProject(context, member, { ...input, title: body.title ?? defaultTitle(set.name, context.clock.now()) });
  } catch (error) {
    // Two calls in the same millisecond: the second takes the next free name.
    if (body.title || !isTitleTaken(error)) throw error;
    project = await createProject(context, member, {
      ...input,
      title: `${defaultTitle(set.name, context.clock.now())} (${crypto.randomUUID().slice(0, 8)})`,
    });
  }
  let queued: number;
  try {
    const [account] = await context.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, member.accountId));
    ({ queued } = await queueProjectSend(
      context,
      member,
      project.id,
      { sender_name: body.sender_name ?? account!.name },
      { ip, apiKey: key.prefix },
    ));
  } catch (error) {
    await deleteProject(context, member, project.id);
    throw error;
  }
  const rows = await context.db.select().from(recipients).where(eq(recipients.project_id, project.id)).orderBy(asc(recipients.id));
  return {
    object: 'issue' as const,
    project_id: project.id,
    queued,
    recipients: rows.map((row) => presentV1Recipient(row, context.env.PUBLIC_URL)),
  };
}
