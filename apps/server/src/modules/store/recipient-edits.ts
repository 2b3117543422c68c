import { type ExpirationDateFormat, expirationDateMessage, FIELD_KEYS, parseDateInFormat } from '@laurel/certificate';
import { EXPIRY_MESSAGES, expiresBeforeIssue, isValidEmail, MESSAGES, normalizeEmail, utcDay } from '@laurel/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, recipients } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertMaySend } from '../../http/permissions.ts';
import type { Member } from '../certificates/index.ts';
import { correctedFields, correctIssuedCertificate, forgetUnissuedCertificate, linkIsLive, withEvent } from '../delivery/index.ts';
import { findRecipient, visibleProjects } from '../projects/index.ts';
import { projectDataFields } from './data-fields.ts';

type RecipientRow = typeof recipients.$inferSelect;

export const RECIPIENT_MESSAGES = {
  inFlight: 'This certificate is being sent right now. Try again once it has been delivered.',
  nameRequired: 'Required',
  notDeletable: 'A recipient who has been sent a certificate cannot be deleted. Revoke the certificate instead.',
} as const;

const IN_FLIGHT = ['queued', 'sending'];

function assertNotInFlight(recipient: RecipientRow): void {
  if (IN_FLIGHT.includes(recipient.state)) throw badRequest(RECIPIENT_MESSAGES.inFlight, { error_type: 'in_flight' });
}

export interface RecipientUpdate {
  first_name?: string;
  last_name?: string;
  meta?: Record<string, string>;
}

/** An expiration date as the issuer typed it (the certificate's format) or as the API returns it (ISO). */
function expirationValue(value: string, format: string): string {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) && parseDateInFormat(trimmed, 'YYYY-MM-DD' as ExpirationDateFormat)) return trimmed;
  const iso = parseDateInFormat(trimmed, format as ExpirationDateFormat);
  if (!iso) throw badRequest(expirationDateMessage(format), { error_type: 'invalid_date', field: FIELD_KEYS.expiration });
  return iso;
}

/**
 * A changed expiration date may not be already past: the certificate (or its corrected version) would be
 * issued after it ended. A date left as it was stays, so an old certificate's other details can still be corrected.
 */
function assertNotLapsed(expiresOn: string, before: string | undefined, now: Date): void {
  if (expiresOn !== before && expiresBeforeIssue(expiresOn, utcDay(now)))
    throw badRequest(EXPIRY_MESSAGES.past, { error_type: 'past_date', field: FIELD_KEYS.expiration });
}

/**
 * Corrects a recipient's names or data fields. Only the fields the project's certificate uses are
 * kept. A certificate already issued gets a new version when the correction changes what it says: its
 * credential signed again and the earlier one withdrawn in the status list (delivery's certificate-versions.ts),
 * its PDF drawn again under the same link. One not issued yet drops what a failed send drew and signed.
 */
export async function updateRecipient(context: AppContext, member: Member, id: number, input: RecipientUpdate) {
  assertMaySend(member.user);
  const { recipient, project } = await findRecipient(context, member, id);
  assertNotInFlight(recipient);
  const first = input.first_name?.trim() ?? recipient.first_name;
  const last = input.last_name?.trim() ?? recipient.last_name;
  if (!first && !last) throw badRequest(RECIPIENT_MESSAGES.nameRequired, { field: 'first_name' });

  const { fields, expiration_date_format } = projectDataFields(project);
  const meta = { ...recipient.meta };
  for (const field of fields) {
    const value = input.meta?.[field.key];
    if (value === undefined) continue;
    meta[field.key] = field.kind === 'expiration_date' ? expirationValue(value, expiration_date_format!) : value.trim().slice(0, 500);
    if (field.kind === 'expiration_date') assertNotLapsed(meta[field.key]!, recipient.meta[field.key], context.clock.now());
  }

  const correction = { first_name: first.slice(0, 200), last_name: last.slice(0, 200), meta };
  const changed = correctedFields(recipient, correction);
  if (changed.length && linkIsLive(recipient)) {
    const corrected = await correctIssuedCertificate(context, { recipient, project }, correction, { changed, changedBy: member.user.id });
    if (!corrected) throw badRequest(RECIPIENT_MESSAGES.inFlight, { error_type: 'in_flight' });
    return { recipient: corrected, project };
  }

  const now = context.clock.now();
  const [updated] = await context.db
    .update(recipients)
    .set({ ...correction, sent_details: withEvent('edited', now), updated_at: now })
    .where(and(eq(recipients.id, recipient.id), sql`${recipients.state} not in ('queued', 'sending')`))
    .returning();
  if (!updated) throw badRequest(RECIPIENT_MESSAGES.inFlight, { error_type: 'in_flight' });
  if (changed.length) await forgetUnissuedCertificate(context, updated);
  return { recipient: updated, project };
}

/**
 * Changes the address of one or more of the account's recipients (docs/product/store.md#calls `recipient-email`). The
 * certificate stays as issued; a resend goes to the new address. Each change is kept in the history.
 */
export async function changeRecipientEmail(context: AppContext, member: Member, recipientIds: number | number[], email: string) {
  assertMaySend(member.user);
  const ids = ([] as number[]).concat(recipientIds);
  const address = normalizeEmail(email);
  if (!isValidEmail(address)) throw badRequest(MESSAGES.invalidEmail, { field: 'update_email' });
  const rows = await context.db
    .select({ recipient: recipients })
    .from(recipients)
    .innerJoin(projects, eq(projects.id, recipients.project_id))
    .where(and(inArray(recipients.id, ids), eq(recipients.account_id, member.accountId), visibleProjects(member)));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const { recipient } of rows) assertNotInFlight(recipient);

  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const changed: RecipientRow[] = [];
    for (const { recipient } of rows) {
      if (recipient.email === address) {
        changed.push(recipient);
        continue;
      }
      const [row] = await tx
        .update(recipients)
        .set({ email: address, sent_details: withEvent('email_changed', now, `${recipient.email} → ${address}`), updated_at: now })
        .where(eq(recipients.id, recipient.id))
        .returning();
      changed.push(row!);
    }
    return changed;
  });
}

/** Only a recipient who was never sent anything may disappear; an issued certificate is revoked instead. */
export async function deleteRecipient(context: AppContext, member: Member, id: number): Promise<void> {
  assertMaySend(member.user);
  const { recipient, project } = await findRecipient(context, member, id);
  if (recipient.state !== 'draft' || recipient.attempt > 0) throw badRequest(RECIPIENT_MESSAGES.notDeletable, { error_type: 'sent' });
  await context.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(recipients)
      .where(and(eq(recipients.id, recipient.id), eq(recipients.state, 'draft'), eq(recipients.attempt, 0)))
      .returning({ id: recipients.id });
    if (!deleted.length) throw badRequest(RECIPIENT_MESSAGES.notDeletable, { error_type: 'sent' });
    await tx.update(projects).set({ updated_at: context.clock.now() }).where(eq(projects.id, project.id));
  });
}
