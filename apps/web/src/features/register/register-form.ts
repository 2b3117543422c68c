import { ACCOUNT_MESSAGES, accountNameProblem, accountUrlProblem } from '@laurel/domain';
import { emailError, requiredError } from '../../shared/forms/validators.ts';

export interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  opt_in: boolean;
  account_name: string;
  url: string;
  promo_code: string;
  accept_terms: boolean;
}

export const STEP_ONE_FIELDS = ['first_name', 'last_name', 'email', 'opt_in'] as const;
export const STEP_TWO_FIELDS = ['account_name', 'url', 'promo_code', 'accept_terms'] as const;

/** Field rules of both steps; `step` limits a check to the fields the person can see. */
export const registerValidation = {
  first_name: requiredError('First name'),
  last_name: requiredError('Last name'),
  email: emailError,
  account_name: (value: string) => (value.trim() ? accountNameProblem(value) : ACCOUNT_MESSAGES.nameRequired),
  url: (value: string) => (value.trim() ? accountUrlProblem(value.trim()) : ACCOUNT_MESSAGES.urlRequired),
  accept_terms: (value: boolean) => (value ? null : 'Please accept the Terms of Service to continue.'),
};
