/** The outbox's kinds of message as a person reads them; any other reads as its name with spaces. */
const KIND_LABELS: Record<string, string> = {
  certificate: 'Certificate',
  test_certificate: 'Test certificate',
  confirm: 'Account confirmation',
  reset: 'Password reset',
  email_change: 'Address change',
  invitation: 'Invitation',
  export: 'Export',
  admin_announcement: 'Message from Laurel',
  notify_day: 'Trial reminder',
  sign_in_code: 'Sign-in code',
};

export function mailKindLabel(kind: string): string {
  const label = KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
