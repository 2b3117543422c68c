/** The recipient portal's query keys. */
export const portalKeys = {
  account: () => ['portal', 'account'] as const,
  certificates: (...view: unknown[]) => ['portal', 'certificates', ...view] as const,
  link: (code: string) => ['portal-link', code] as const,
};
