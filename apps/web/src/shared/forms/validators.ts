import { isValidEmail, MESSAGES, requiredMessage } from '@laurel/domain';

/** Field checks for Mantine forms, built on the shared rules. */
export function emailError(value: string): string | null {
  if (!value.trim()) return requiredMessage('Email');
  return isValidEmail(value.trim()) ? null : MESSAGES.invalidEmail;
}

export function requiredError(label: string) {
  return (value: string) => (value.trim() ? null : requiredMessage(label));
}
