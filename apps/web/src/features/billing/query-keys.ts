/** The billing screens' query keys. */
export const billingKeys = {
  information: () => ['billing', 'information'] as const,
  automatic: () => ['billing', 'automatic'] as const,
  invoices: () => ['billing', 'invoices'] as const,
  /** Under the designer's set list key, so creating or deleting a set refreshes the count. */
  certificateCount: () => ['certificates', 'count'] as const,
};
