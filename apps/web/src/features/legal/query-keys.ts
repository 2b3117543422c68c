/** The legal pages' query keys. */
export const legalKeys = {
  page: (name: string) => ['legal', name] as const,
};
