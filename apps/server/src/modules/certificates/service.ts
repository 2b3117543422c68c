import { type CertificateDesign, migrateDesign, newDesign, prepareForSave, validateDesign } from '@laurel/certificate';
import { type CertificateSetCreate, type CertificateSetUpdate, certificateSetLimit, emailFromTemplate } from '@laurel/domain';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accounts, certificateSets, styles } from '../../db/schema.ts';
import type { Auth } from '../../http/auth.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertMayCreateSets, assertMayEditEmails, assertMayEditSets, visibleSetFilter } from '../../http/permissions.ts';
import { prepareEmail } from './email.ts';
import { assertPlanAllows } from './plan-gates.ts';
import { splitPayload } from './request.ts';

export type Member = Auth & { accountId: number };

export const CERTIFICATE_MESSAGES = {
  limit: "You don't have enough credits to create new Certificate",
  exist: 'Certificate name already exists. Please try again.',
} as const;

/** The design a payload describes, on top of a base, restored, converted and checked. */
function buildDesign(base: CertificateDesign, fields: Record<string, unknown>): CertificateDesign {
  const design = prepareForSave(migrateDesign({ ...base, ...fields }));
  const issues = validateDesign(design);
  if (issues.length) throw badRequest(issues[0]!.message, { error_type: 'invalid_design', errors: issues.map((i) => i.message) });
  return design;
}

function scopedSet(member: Member, id: number) {
  const conditions = [eq(certificateSets.id, id), eq(certificateSets.account_id, member.accountId), isNull(certificateSets.deleted_at)];
  const filter = visibleSetFilter(member.user);
  if (filter)
    conditions.push(
      or(inArray(certificateSets.id, filter.ids.length ? filter.ids : [-1]), eq(certificateSets.created_by, filter.createdBy))!,
    );
  return and(...conditions);
}

export async function findCertificateSet(context: AppContext, member: Member, id: number) {
  const [row] = await context.db.select().from(certificateSets).where(scopedSet(member, id));
  if (!row) throw notFound();
  return row;
}

/** A set by a signed link (a thumbnail, a preview window, a test email's button): the link names it, no session does. */
export async function findSignedSet(context: AppContext, id: number) {
  const [row] = await context.db
    .select()
    .from(certificateSets)
    .where(and(eq(certificateSets.id, id), isNull(certificateSets.deleted_at)));
  if (!row) throw notFound();
  return row;
}

export async function listCertificateSets(context: AppContext, member: Member, page: { limit: number; offset: number }) {
  const conditions = [eq(certificateSets.account_id, member.accountId), isNull(certificateSets.deleted_at)];
  const filter = visibleSetFilter(member.user);
  if (filter)
    conditions.push(
      or(inArray(certificateSets.id, filter.ids.length ? filter.ids : [-1]), eq(certificateSets.created_by, filter.createdBy))!,
    );
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    context.db
      .select({
        id: certificateSets.id,
        name: certificateSets.name,
        design: certificateSets.design,
        created_at: certificateSets.created_at,
        updated_at: certificateSets.updated_at,
      })
      .from(certificateSets)
      .where(where)
      .orderBy(desc(certificateSets.updated_at), desc(certificateSets.id))
      .limit(page.limit)
      .offset(page.offset),
    context.db.select({ value: count() }).from(certificateSets).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

async function loadAccount(context: AppContext, accountId: number) {
  const [account] = await context.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  return account;
}

function isNameTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? String((error as Error).message);
  return code === '23505' && /certificate_sets_name_unique/.test(constraint);
}

/**
 * Creates a set from a payload (or a global template's design): within the account's set allowance,
 * with a unique name, a valid reply-to and a design that passes the builder rules and plan gates.
 */
export async function createCertificateSet(context: AppContext, member: Member, body: CertificateSetCreate) {
  assertMayCreateSets(member.user);
  const account = await loadAccount(context, member.accountId);
  const template = body.style_id ? (await context.db.select().from(styles).where(eq(styles.id, body.style_id)))[0] : undefined;
  if (body.style_id && !template) throw notFound('Template not found.');
  const { design: designFields, email } = splitPayload(body);
  const design = buildDesign(template ? migrateDesign(template.design) : newDesign(), designFields);
  assertPlanAllows(account, design, context.clock.now());
  // A template's email is the starting point, but not its attachment switch (emailFromTemplate): that is the issuer's.
  const emailDesign = prepareEmail({ ...emailFromTemplate(template?.email ?? {}), reply_to: member.user.email }, email);
  const now = context.clock.now();
  try {
    return await context.db.transaction(async (tx) => {
      // Counting and inserting under a lock on the account row keeps two parallel creates from both passing the limit.
      await tx.execute(sql`select id from accounts where id = ${member.accountId} for update`);
      const [owned] = await tx
        .select({ value: count() })
        .from(certificateSets)
        .where(and(eq(certificateSets.account_id, member.accountId), isNull(certificateSets.deleted_at)));
      const limit = certificateSetLimit(account);
      if (limit !== null && (owned?.value ?? 0) >= limit) throw badRequest(CERTIFICATE_MESSAGES.limit, { error_type: 'limit' });
      const [row] = await tx
        .insert(certificateSets)
        .values({
          account_id: member.accountId,
          name: body.name,
          style_id: template?.id ?? null,
          design,
          email: emailDesign,
          achievement_description: body.achievement_description ?? '',
          achievement_criteria: body.achievement_criteria ?? '',
          created_by: member.user.id,
          created_at: now,
          updated_at: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (isNameTaken(error)) throw badRequest(CERTIFICATE_MESSAGES.exist, { error_type: 'exist', field: 'name' });
    throw error;
  }
}

/**
 * A subject that names the certificate follows its rename: the old name written in it becomes the new
 * one. A subject the user rewrote without the name is theirs and stays; [CERTIFICATE_TITLE] follows on
 * its own, since it is merged at sending.
 */
function subjectAfterRename(email: Record<string, unknown>, oldName: string, newName: string): Record<string, unknown> {
  const subject = typeof email.email_subject === 'string' ? email.email_subject : null;
  if (!subject || !oldName.trim() || !subject.includes(oldName)) return email;
  return { ...email, email_subject: subject.split(oldName).join(newName).slice(0, 255) };
}

export async function updateCertificateSet(context: AppContext, member: Member, id: number, body: CertificateSetUpdate) {
  const current = await findCertificateSet(context, member, id);
  const { design: designFields, email } = splitPayload(body);
  // A rename is an edit of the set; the email editor sends the name back unchanged, which is not.
  const renamed = body.name !== undefined && body.name !== current.name;
  const achievement = {
    achievement_description: body.achievement_description ?? current.achievement_description,
    achievement_criteria: body.achievement_criteria ?? current.achievement_criteria,
  };
  const described =
    achievement.achievement_description !== current.achievement_description ||
    achievement.achievement_criteria !== current.achievement_criteria;
  if (Object.keys(designFields).length || renamed || described) assertMayEditSets(member.user);
  if (Object.keys(email).length) assertMayEditEmails(member.user);
  const design = buildDesign(migrateDesign(current.design), designFields);
  assertPlanAllows(await loadAccount(context, member.accountId), design, context.clock.now());
  const edited = Object.keys(email).length ? prepareEmail(current.email, email) : current.email;
  const emailDesign = renamed && email.email_subject === undefined ? subjectAfterRename(edited, current.name, body.name!) : edited;
  try {
    const [row] = await context.db
      .update(certificateSets)
      .set({ name: body.name ?? current.name, design, email: emailDesign, ...achievement, updated_at: context.clock.now() })
      .where(eq(certificateSets.id, current.id))
      .returning();
    return row!;
  } catch (error) {
    if (isNameTaken(error)) throw badRequest('Certificate name must be unique.', { error_type: 'exist', field: 'name' });
    throw error;
  }
}

/** Soft delete: projects already sent keep their snapshot; the name becomes free again. */
export async function deleteCertificateSet(context: AppContext, member: Member, id: number): Promise<void> {
  assertMayEditSets(member.user);
  const current = await findCertificateSet(context, member, id);
  await context.db.update(certificateSets).set({ deleted_at: context.clock.now() }).where(eq(certificateSets.id, current.id));
}

/** A copy named '{name} (duplicate)' (numbered when that is taken), counted against the allowance. */
export async function duplicateCertificateSet(context: AppContext, member: Member, id: number) {
  const source = await findCertificateSet(context, member, id);
  for (let n = 1; n < 50; n++) {
    const name = n === 1 ? `${source.name} (duplicate)` : `${source.name} (duplicate ${n})`;
    try {
      return await createCertificateSet(context, member, {
        name,
        ...migrateDesign(source.design),
        ...source.email,
        achievement_description: source.achievement_description,
        achievement_criteria: source.achievement_criteria,
      } as CertificateSetCreate);
    } catch (error) {
      if ((error as { extra?: { error_type?: string } }).extra?.error_type !== 'exist') throw error;
    }
  }
  throw badRequest(CERTIFICATE_MESSAGES.exist, { error_type: 'exist' });
}
