import { migrateDesign } from '@laurel/certificate';
import { emailDesignSchema } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { projects } from '../../db/schema.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { prepareEmail, previewEmail } from '../certificates/email.ts';
import { assertMayEditEmail } from '../certificates/permissions.ts';
import { findProject } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

type ProjectRow = typeof projects.$inferSelect;

/** A project's email as the email editor reads it: the email fields flat, beside the design whose fields it may use. */
function presentProjectEmail(project: ProjectRow) {
  const design = migrateDesign(project.snapshot.design);
  return {
    id: project.id,
    name: project.title,
    certificate_name: project.snapshot.name,
    elements: design.elements,
    back_side_elements: design.back_side_elements,
    ...emailDesignSchema.parse(project.snapshot.email),
  };
}

/**
 * The email of one project (the editor's project mode, spec 2 §2.5; `PUT projects/{id}` with the full
 * email settings): it goes to the project's recipients sent or resent from now on. The certificate
 * set's own email, and the certificates already issued, stay as they are.
 */
export function projectEmailRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['projects'];

  r.get('/api/projects/:id/email', { schema: { tags, params: idParams } }, async (request) => {
    return presentProjectEmail(await findProject(context, requireAccountMember(request), request.params.id));
  });

  r.put('/api/projects/:id', { schema: { tags, params: idParams, body: z.record(z.string(), z.unknown()) } }, async (request) => {
    const member = requireAccountMember(request);
    assertMayEditEmail(member.user);
    const project = await findProject(context, member, request.params.id);
    const email = prepareEmail(project.snapshot.email, request.body);
    const [updated] = await context.db
      .update(projects)
      .set({ snapshot: { ...project.snapshot, email }, updated_at: context.clock.now() })
      .where(eq(projects.id, project.id))
      .returning();
    return presentProjectEmail(updated!);
  });

  /** The unsaved editor state composed with sample data, as the project's recipients will get it. */
  r.post(
    '/api/projects/:id/email-preview',
    { schema: { tags, params: idParams, body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const member = requireAccountMember(request);
      const project = await findProject(context, member, request.params.id);
      const email = prepareEmail(project.snapshot.email, request.body);
      return previewEmail(context, {
        accountId: member.accountId,
        senderEmail: member.user.email,
        email,
        design: migrateDesign(project.snapshot.design),
        to: 'alex.morgan@example.com',
        title: project.snapshot.name,
        setId: null,
      });
    },
  );
}
