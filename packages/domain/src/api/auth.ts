import { z } from 'zod';
import { DEFAULT_CATEGORY } from '../constants.ts';

/** Request and response schemas of the sign-in, registration and password calls (spec 1 §7). */

export const loginRequest = z.object({
  email: z.string().trim().min(1, 'Email is Required').max(254),
  password: z.string().min(1, 'Password is Required').max(1024),
  csrf_token: z.string().max(200).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const forgotRequest = z.object({ email: z.string().trim().min(1, 'Email is Required').max(254) });

export const registrationRequest = z.object({
  email: z.string().trim().max(254),
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  opt_in: z.boolean().default(false),
  promo_code: z.string().trim().max(100).optional().nullable(),
  account_name: z.string().trim().max(120),
  url: z.string().trim().toLowerCase().max(63),
  category: z.string().trim().max(100).default(DEFAULT_CATEGORY),
  is_from_recipient: z.boolean().default(false),
  registration_source: z.string().trim().max(100).optional().nullable(),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

export const registrationUrlRequest = z.object({ url: z.string().trim().toLowerCase().max(100) });

export const confirmRequest = z.object({ code: z.string().min(1).max(200) });
export type ConfirmResponse = { show_toc: boolean; email: string };

/** Sets the password from a confirmation or reset link (both use the same form). */
export const setPasswordRequest = z.object({
  code: z.string().min(1).max(200),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
  accept_terms: z.boolean().optional(),
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

export interface RoleDto {
  name: string;
}

export interface AccountDto {
  id: number;
  name: string;
  url: string;
  imagepath: string | null;
  country: string;
  state: string | null;
  credits: number;
  subscription_credits: number;
  stripe_active: boolean;
  stripe_plan: string | null;
  allowed_sets: number;
  allow_qrcode: boolean;
  allow_two_side_certificate: boolean;
  created_at: string;
  plan: { id: string | null; display_name: string; settings: { max_own_fonts: number } };
  trial_days_remaining: number;
}

export interface UserDto {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  roles: RoleDto[];
  account: AccountDto | null;
  image: string | null;
  active: boolean;
  show_intro: boolean;
  show_updates: boolean;
  opt_in: boolean;
  review: boolean;
  allow_all_certificate_sets: boolean;
  allowed_certificate_sets: number[];
  allow_certificate_set_create: boolean;
  allow_certificate_set_edits: boolean;
  allow_certificate_email_edits: boolean;
  pagination: Record<string, number>;
  /** Present while an admin acts as this user: the name of the admin to switch back to. */
  impersonated_by: string | null;
}

export interface LoginResponse {
  token: string;
  /** A second factor still to give; null when signed in. */
  require_action: 'google2fa' | 'email2fa' | null;
  user: UserDto;
  /** Where the client goes next. */
  location: string;
}

export interface CsrfResponse {
  csrf_token: string;
}

/** The header's name rule (spec 1 §2): account name, else full name, else username; sub-users append their own. */
export function headerName(
  user: Pick<UserDto, 'first_name' | 'last_name' | 'username' | 'roles'> & { account: { name: string } | null },
): string {
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const base = user.account?.name || fullName || user.username;
  if (user.roles[0]?.name === 'account_user' && fullName && base !== fullName) return `${base} (${fullName})`;
  return base;
}
