/** The team screens' query keys. */
export const teamKeys = {
  all: () => ['team'] as const,
  users: (accountId: number | undefined, ...view: unknown[]) => ['team', accountId, ...view] as const,
  sets: () => ['team', 'sets'] as const,
  projects: (email: string) => ['team', 'projects', email] as const,
};
