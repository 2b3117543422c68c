import type { AttachedFile } from '@laurel/domain';
import { useState } from 'react';
import { ApiError } from '../../shared/api/errors.ts';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { attachFile, removeAttachment } from './api.ts';

/** The set's attachments, stored at once on the server (they are not part of the unsaved design). */
export function useAttachments(certificateId: string, initial: AttachedFile[]) {
  const [attachments, setAttachments] = useState(initial);

  const add = async (file: File) => {
    try {
      const upload = await attachFile(certificateId, file);
      setAttachments((list) => [...list, upload]);
      notifySuccess('File uploaded.');
    } catch (error) {
      // The server's reason (type or count) says what to do differently; the spec's text leads.
      const reason = error instanceof ApiError ? error.body.errors[0] : null;
      notifyError(reason ? `Error uploading file. ${reason}` : 'Error uploading file.');
    }
  };

  const remove = async (attachment: AttachedFile) => {
    try {
      await removeAttachment(certificateId, attachment.id);
      setAttachments((list) => list.filter((a) => a.id !== attachment.id));
      notifySuccess('File deleted.');
    } catch (error) {
      notifyError(`Error deleting file: ${error instanceof ApiError ? error.body.errors[0] : (error as Error).message}`);
    }
  };

  return { attachments, add, remove };
}
