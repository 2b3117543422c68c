/** The send wizard's query keys; its project keys are the projects feature's. */
export const sendKeys = {
  certificate: (id: number | null) => ['send', 'certificate', id] as const,
  select: (...view: unknown[]) => ['send', 'select', ...view] as const,
  /** Saved mappings: `global`, or an account's by its id. */
  mappings: (...owner: unknown[]) => ['mappings', ...owner] as const,
  recipientEmail: (certificateId: number, values: unknown) => ['send', 'recipient-email', certificateId, values] as const,
  recipientImage: (url: string | null) => ['send', 'recipient-image', url] as const,
};
