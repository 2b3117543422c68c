/** The integrations screens' query keys. */
export const integrationsKeys = {
  apiKey: () => ['integrations', 'api-key'] as const,
  v1Document: () => ['integrations', 'v1-openapi'] as const,
  webhooks: (...view: unknown[]) => ['webhooks', ...view] as const,
};
