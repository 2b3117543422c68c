import type { EmailDesign } from '@laurel/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type EmailOwner, previewEmail, previewTemplateEmail } from '../api.ts';
import { emailEditorKeys } from '../query-keys.ts';

/** How long typing must pause before the preview is composed again. */
const PREVIEW_DEBOUNCE_MS = 700;

/**
 * The message as the server composes it for a recipient, with sample data, from the unsaved design:
 * the same code that sends it, so the preview cannot drift from what arrives.
 */
export function useEmailPreview(owner: EmailOwner, id: string, design: EmailDesign) {
  const [settled] = useDebouncedValue(design, PREVIEW_DEBOUNCE_MS);
  return useQuery({
    queryKey: emailEditorKeys.preview(owner, id, settled),
    queryFn: ({ signal }) => (owner === 'styles' ? previewTemplateEmail(id, settled, signal) : previewEmail(owner, id, settled, signal)),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
