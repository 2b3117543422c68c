import { migrateDesign, newDesign, prepareForSave, validateDesign } from '@laurel/certificate';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { styles } from '../../db/schema.ts';
import { requireAuth, requireRole } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { prepareEmail, previewEmail } from '../certificates/email.ts';
import { certificateSetBody, certificateSetUpdate, splitPayload } from '../certificates/request.ts';
import { presentStyle } from './presenter.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const NAME_TAKEN = 'You already have a cert set by this name, please try again.';

function designFrom(base: unknown, fields: Record<string, unknown>) {
  const design = prepareForSave(migrateDesign({ ...(base as object), ...fields }));
  const issues = validateDesign(design);
  if (issues.length) throw badRequest(issues[0]!.message, { error_type: 'invalid_design', errors: issues.map((i) => i.message) });
  return design;
}

const isUnique = (error: unknown) =>
  ((error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505';

/** Global templates: every signed-in user reads them; super-admins edit them (/admin/build). */
export function styleRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['styles'];

  r.get('/api/styles', { schema: { tags } }, async (request) => {
    requireAuth(request);
    const rows = await context.db.select().from(styles).orderBy(asc(styles.name));
    return { styles: rows.map(presentStyle) };
  });

  r.get('/api/styles/:id', { schema: { tags, params: idParams } }, async (request) => {
    requireAuth(request);
    const [row] = await context.db.select().from(styles).where(eq(styles.id, request.params.id));
    if (!row) throw notFound();
    return presentStyle(row);
  });

  r.post('/api/styles', { schema: { tags, body: certificateSetBody } }, async (request) => {
    requireRole(request, ['global_admin']);
    const { design, email } = splitPayload(request.body);
    try {
      const [row] = await context.db
        .insert(styles)
        .values({
          name: request.body.name,
          design: designFrom(newDesign(), design),
          email: prepareEmail({}, email),
          url_requirements: (request.body.url_requirements as string) ?? null,
        })
        .returning();
      return presentStyle(row!);
    } catch (error) {
      if (isUnique(error)) throw badRequest(NAME_TAKEN, { error_type: 'exist', field: 'name' });
      throw error;
    }
  });

  r.put('/api/styles/:id', { schema: { tags, params: idParams, body: certificateSetUpdate } }, async (request) => {
    requireRole(request, ['global_admin']);
    const [current] = await context.db.select().from(styles).where(eq(styles.id, request.params.id));
    if (!current) throw notFound();
    const { design, email } = splitPayload(request.body);
    try {
      const [row] = await context.db
        .update(styles)
        .set({
          name: request.body.name ?? current.name,
          design: designFrom(current.design, design),
          email: Object.keys(email).length ? prepareEmail(current.email, email) : current.email,
          updated_at: context.clock.now(),
        })
        .where(eq(styles.id, current.id))
        .returning();
      return presentStyle(row!);
    } catch (error) {
      if (isUnique(error)) throw badRequest(NAME_TAKEN, { error_type: 'exist', field: 'name' });
      throw error;
    }
  });

  /**
   * The template's unsaved email composed with sample data, as POST /api/certificates/:id/email-preview
   * does for a set. A template has no account: the product's name and the super-admin's address stand in.
   */
  r.post(
    '/api/styles/:id/email-preview',
    { schema: { tags, params: idParams, body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const auth = requireRole(request, ['global_admin']);
      const [style] = await context.db.select().from(styles).where(eq(styles.id, request.params.id));
      if (!style) throw notFound();
      const email = prepareEmail(style.email, request.body);
      return previewEmail(context, {
        accountId: null,
        senderEmail: auth.user.email,
        email,
        design: migrateDesign(style.design),
        to: 'alex.morgan@example.com',
        title: style.name,
        setId: null,
      });
    },
  );

  r.delete('/api/styles/:id', { schema: { tags, params: idParams } }, async (request) => {
    requireRole(request, ['global_admin']);
    const deleted = await context.db.delete(styles).where(eq(styles.id, request.params.id)).returning({ id: styles.id });
    if (!deleted.length) throw notFound();
    return { success: true };
  });
}
