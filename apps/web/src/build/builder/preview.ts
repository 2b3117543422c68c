import { errorMessage } from '../../api/errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { type BuilderTarget, getPreviewLink, stylePdfUrl } from '../api.ts';

/**
 * Opens the preview PDF in a new window. The window opens at once, inside the click, so pop-up blockers
 * allow it; its address follows when the signed link arrives.
 */
export async function openPreview(target: BuilderTarget): Promise<void> {
  if (target.kind === 'styles') {
    window.open(stylePdfUrl(target.id), '_blank', 'noopener');
    return;
  }
  const preview = window.open('about:blank', '_blank');
  try {
    const link = await getPreviewLink(target.id);
    if (preview) preview.location.href = link.pdf;
    else window.open(link.pdf, '_blank', 'noopener');
  } catch (error) {
    preview?.close();
    notifyError(errorMessage(error));
  }
}
