import { migrateDesign } from '@laurel/certificate';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects } from '../../db/schema.ts';
import { assertMayEditEmails } from '../../http/permissions.ts';
import type { Member } from '../certificates/index.ts';
import { prepareEmail, previewEmail } from '../certificates/index.ts';
import { findProject } from './service.ts';

/**
 * The email of one project (the editor's project mode, docs/product/email-editor.md#editor-modes): it goes to the project's recipients
 * sent or resent from now on. The certificate set's own email, and the certificates already issued, stay
 * as they are.
 */
export async function updateProjectEmail(context: AppContext, member: Member, id: number, edit: Record<string, unknown>) {
  assertMayEditEmails(member.user);
  const project = await findProject(context, member, id);
  const email = prepareEmail(project.snapshot.email, edit);
  const [updated] = await context.db
    .update(projects)
    .set({ snapshot: { ...project.snapshot, email }, updated_at: context.clock.now() })
    .where(eq(projects.id, project.id))
    .returning();
  return updated!;
}

/** The unsaved editor state composed with sample data, as the project's recipients will get it. */
export async function previewProjectEmail(context: AppContext, member: Member, id: number, edit: Record<string, unknown>) {
  const project = await findProject(context, member, id);
  return previewEmail(context, {
    accountId: member.accountId,
    senderEmail: member.user.email,
    email: prepareEmail(project.snapshot.email, edit),
    design: migrateDesign(project.snapshot.design),
    to: 'alex.morgan@example.com',
    title: project.snapshot.name,
    setId: null,
  });
}
