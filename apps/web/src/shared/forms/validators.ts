import { isValidEmail, MESSAGES } from '@laurel/domain';

/** Field checks for Mantine forms, built on the shared rules. */
export function emailError(value: string): string | null {
  if (!value.trim()) return 'Email is Required';
  return isValidEmail(value.trim()) ? null : MESSAGES.invalidEmail;
}

export function requiredError(label: string) {
  return (value: string) => (value.trim() ? null : `${label} is Required`);
}
