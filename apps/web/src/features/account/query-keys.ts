/** The account screens' query keys: all under `account`, which a profile change invalidates. */
export const accountKeys = {
  all: () => ['account'] as const,
  account: (id: number) => ['account', id] as const,
  deletionSummary: (id: number | undefined) => ['account', id, 'deletion-summary'] as const,
  version: () => ['admin', 'version'] as const,
};
