import type { AccountUserDto, TeamUserStatus } from '@laurel/domain';
import type { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/** A user added by an admin has no password until they follow the invitation. */
export function teamStatus(user: Pick<UserRow, 'active' | 'password_hash'>): TeamUserStatus {
  if (!user.active) return 'inactive';
  return user.password_hash ? 'active' : 'invited';
}

export function presentAccountUser(user: UserRow): AccountUserDto {
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.roles[0] ?? '',
    active: user.active,
    status: teamStatus(user),
    allow_certificate_set_create: user.allow_certificate_set_create,
    allow_certificate_set_edits: user.allow_certificate_set_edits,
    allow_certificate_email_edits: user.allow_certificate_email_edits,
    allow_all_certificate_sets: user.allow_all_certificate_sets,
    allowed_certificate_sets: user.allowed_certificate_sets,
    allow_all_users_projects: user.allow_all_users_projects,
    allowed_users: user.allowed_users,
    allocated_credits: user.allocated_credits,
    original_allocated_credits: user.original_allocated_credits,
    auto_refill_credits: user.auto_refill_credits,
    refill_credits: user.refill_credits,
    created_at: user.created_at.toISOString(),
  };
}
