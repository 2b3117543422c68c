import { migrateDesign, newDesign, prepareForSave, validateDesign } from '@laurel/certificate';
import { type CertificateSetCreate, type CertificateSetUpdate, type EmailPreview, emailFromTemplate } from '@laurel/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { styles } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { prepareEmail, previewEmail, SAMPLE_RECIPIENT, sendTestEmail, splitPayload } from '../certificates/index.ts';
import { audit } from '../system/index.ts';

/** Global templates: every signed-in user reads them; super-admins edit them (/admin/build). */

const NAME_TAKEN = 'You already have a cert set by this name, please try again.';

function designFrom(base: unknown, fields: Record<string, unknown>) {
  const design = prepareForSave(migrateDesign({ ...(base as object), ...fields }));
  const issues = validateDesign(design);
  if (issues.length) throw badRequest(issues[0]!.message, { error_type: 'invalid_design', errors: issues.map((i) => i.message) });
  return design;
}

const isUnique = (error: unknown) =>
  ((error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505';

export async function listStyles(context: AppContext) {
  return context.db.select().from(styles).orderBy(asc(styles.sorting), asc(styles.name));
}

/**
 * Puts the templates in the order a super-admin dragged them to (docs/product/super-admin.md#flows: each item's new index),
 * in one transaction with its audit entry; an id that is no template changes nothing and is a 404.
 */
export async function sortStyles(context: AppContext, auth: Auth, order: { id: number; sorting: number }[], ip: string) {
  await context.db.transaction(async (tx) => {
    for (const { id, sorting } of order) {
      const updated = await tx.update(styles).set({ sorting }).where(eq(styles.id, id)).returning({ id: styles.id });
      if (!updated.length) throw notFound();
    }
    await audit(context, { action: 'styles.sort', actorId: auth.user.id, ip, details: { order } }, tx as Db);
  });
}

export async function findStyle(context: AppContext, id: number) {
  const [row] = await context.db.select().from(styles).where(eq(styles.id, id));
  if (!row) throw notFound();
  return row;
}

export async function createStyle(context: AppContext, body: CertificateSetCreate) {
  const { design, email } = splitPayload(body);
  try {
    const [row] = await context.db
      .insert(styles)
      .values({
        name: body.name,
        design: designFrom(newDesign(), design),
        email: prepareEmail({}, email),
        url_requirements: (body.url_requirements as string) ?? null,
        // A new template goes last in the gallery.
        sorting: sql`(select coalesce(max(${styles.sorting}), -1) + 1 from ${styles})`,
      })
      .returning();
    return row!;
  } catch (error) {
    if (isUnique(error)) throw badRequest(NAME_TAKEN, { error_type: 'exist', field: 'name' });
    throw error;
  }
}

export async function updateStyle(context: AppContext, id: number, body: CertificateSetUpdate) {
  const current = await findStyle(context, id);
  const { design, email } = splitPayload(body);
  try {
    const [row] = await context.db
      .update(styles)
      .set({
        name: body.name ?? current.name,
        design: designFrom(current.design, design),
        email: Object.keys(email).length ? prepareEmail(current.email, email) : current.email,
        updated_at: context.clock.now(),
      })
      .where(eq(styles.id, current.id))
      .returning();
    return row!;
  } catch (error) {
    if (isUnique(error)) throw badRequest(NAME_TAKEN, { error_type: 'exist', field: 'name' });
    throw error;
  }
}

export async function deleteStyle(context: AppContext, id: number): Promise<void> {
  const deleted = await context.db.delete(styles).where(eq(styles.id, id)).returning({ id: styles.id });
  if (!deleted.length) throw notFound();
}

/**
 * The template's unsaved email composed with sample data, as a set's email preview does. A template
 * has no account: the product's name and the super-admin's address stand in.
 */
export async function previewStyleEmail(
  context: AppContext,
  auth: Auth,
  id: number,
  changes: Record<string, unknown>,
): Promise<EmailPreview> {
  const style = await findStyle(context, id);
  const email = prepareEmail(style.email, changes);
  return previewEmail(context, {
    accountId: null,
    senderEmail: auth.user.email,
    email,
    design: migrateDesign(style.design),
    to: SAMPLE_RECIPIENT,
    title: style.name,
    setId: null,
  });
}

/**
 * A template's saved email, sent as a test to the super-admin who asks (the spec's admin variant), as a set made from
 * it starts: without the certificate attached, which is each issuer's own choice.
 */
export async function sendStyleTestEmail(context: AppContext, auth: Auth, id: number): Promise<void> {
  const style = await findStyle(context, id);
  await sendTestEmail(context, {
    accountId: null,
    senderEmail: auth.user.email,
    email: emailFromTemplate(style.email),
    design: migrateDesign(style.design),
    to: auth.user.email,
    fields: {},
    title: style.name,
    setId: null,
  });
}
