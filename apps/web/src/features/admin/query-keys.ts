/** The admin screens' query keys: all under `admin`, so signing out or switching user drops them together. */
export const adminKeys = {
  accounts: (...view: unknown[]) => ['admin', 'accounts', ...view] as const,
  activity: (...view: unknown[]) => ['admin', 'activity', ...view] as const,
  announcements: () => ['admin', 'announcements'] as const,
  customDomains: (...view: unknown[]) => ['admin', 'custom-domains', ...view] as const,
  library: (kind: string) => ['admin-library', kind] as const,
  mappings: () => ['admin', 'mappings'] as const,
  outbox: (...view: unknown[]) => ['admin', 'outbox', ...view] as const,
  outboxMessage: (id: string) => ['admin', 'outbox', 'message', id] as const,
  paygLog: (...view: unknown[]) => ['admin', 'payg-log', ...view] as const,
  plans: () => ['admin', 'plans'] as const,
  projects: (...view: unknown[]) => ['admin', 'projects', ...view] as const,
  promoCodes: (...view: unknown[]) => ['admin', 'promo-codes', ...view] as const,
  settings: () => ['admin', 'settings'] as const,
};
