/** The dashboard's query keys. */
export const dashboardKeys = {
  statistics: (range: unknown) => ['dashboard', 'statistics', range] as const,
  progress: () => ['dashboard', 'progress'] as const,
  activeAnnouncement: () => ['announcements', 'active'] as const,
  /** Under `account`, so a change on the account profile refreshes it. */
  accountDetails: (id: number | undefined) => ['account', id, 'details'] as const,
};
