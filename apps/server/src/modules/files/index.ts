/** The files module's public face: what other modules and the server's shared code may use. */
export {
  ATTACHMENT_TYPE_MESSAGE,
  attachmentDisposition,
  attachmentType,
  certificatePdfName,
  contentDisposition,
  safeFileName,
} from './attachments.ts';
export { sniffImageType } from './images.ts';
export { readFileOrField, readUpload } from './read-upload.ts';
export { deleteRemovedBytes, forgetStoredFiles, releaseSnapshotFiles } from './removal.ts';
export { storeImage } from './service.ts';
