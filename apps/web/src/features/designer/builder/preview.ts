import type { DraftPreviewRequest } from '@laurel/domain';
import { errorMessage } from '../../../shared/api/errors.ts';
import { notifyError } from '../../../shared/lib/notify.ts';
import { type BuilderTarget, fetchDraftPreview, getPreviewLink, stylePdfUrl } from '../api.ts';

/** How long a drawn preview stays in memory after its window got it. */
const DRAFT_URL_TTL_MS = 60_000;

/**
 * Opens the preview PDF in a new window. The window opens at once, inside the click, so pop-up blockers
 * allow it; its address follows when the PDF or its signed link arrives. A set's preview is drawn
 * from the design on screen (`draft`), saved or not, and with sample data when the canvas shows it.
 */
export async function openPreview(target: BuilderTarget, draft?: DraftPreviewRequest): Promise<void> {
  if (target.kind === 'styles') {
    window.open(stylePdfUrl(target.id), '_blank', 'noopener');
    return;
  }
  const preview = window.open('about:blank', '_blank');
  try {
    const address = draft ? URL.createObjectURL(await fetchDraftPreview(target.id, draft)) : (await getPreviewLink(target.id)).pdf;
    if (draft) window.setTimeout(() => URL.revokeObjectURL(address), DRAFT_URL_TTL_MS);
    if (preview) preview.location.href = address;
    else window.open(address, '_blank', 'noopener');
  } catch (error) {
    preview?.close();
    notifyError(errorMessage(error));
  }
}
