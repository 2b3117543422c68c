/**
 * The Store's query keys. All start with `store`, the projects feature's `PROJECTS_KEY`: a change to a project or a
 * recipient invalidates that prefix and so refreshes every Store list at once.
 */
export const storeKeys = {
  people: (...view: unknown[]) => ['store', 'people', ...view] as const,
  person: (email: string | undefined) => ['store', 'person', email] as const,
  projects: (...view: unknown[]) => ['store', 'projects', ...view] as const,
  history: (...view: unknown[]) => ['store', 'projects', 'history', ...view] as const,
  projectIndex: () => ['store', 'project-index'] as const,
  projectFields: (projectId: number | undefined) => ['store', 'project-fields', projectId] as const,
  accountFields: (accountId: number | undefined) => ['store', 'account-fields', accountId] as const,
  search: (...view: unknown[]) => ['store', 'search', ...view] as const,
  exportCount: (...view: unknown[]) => ['store', 'export-count', ...view] as const,
  recipient: (id: number | null) => ['store', 'recipient', id] as const,
  recipientImage: (id: number, updatedAt: string, width: number) => ['store', 'recipient-image', id, updatedAt, width] as const,
  recipientLinks: (id: number | undefined) => ['store', 'recipient-links', id] as const,
  portalLogin: (recipientId: number) => ['store', 'portal-login', recipientId] as const,
};
