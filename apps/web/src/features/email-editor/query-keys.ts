/** The email editor's query keys. */
export const emailEditorKeys = {
  record: (owner: string, id: string) => ['email-record', owner, id] as const,
  preview: (owner: string, id: string, settled: unknown) => ['email-preview', owner, id, settled] as const,
  testRecipients: () => ['test-email-recipients'] as const,
};
