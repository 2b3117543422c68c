/** The credentials portal's query keys. */
export const credentialsKeys = {
  list: (query: unknown) => ['credentials', query] as const,
};
