import type { EmailDesign } from '@laurel/domain';
import { api } from '../api/client.ts';

/** A file attached to every message of a certificate set. */
export interface EmailAttachment {
  id: number;
  name: string;
  size: number;
  mime: string;
  url: string;
}

/** The slice of a certificate element the email editor reads: its text holds the set's data fields. */
export interface EmailSourceElement {
  type: string;
  content: string;
}

/** A certificate set, a global template or a project as the email editor loads it: the email fields sit flat beside the design. */
export type EmailRecord = Partial<EmailDesign> & {
  id: number;
  name: string;
  elements?: EmailSourceElement[];
  back_side_elements?: EmailSourceElement[];
  uploads?: EmailAttachment[];
};

export interface EmailPreview {
  subject: string;
  /** Null when the design sends plain text only. */
  html: string | null;
  text: string;
}

export interface TestField {
  name: string;
  value: string;
}

/** Certificate sets of the account, global templates when a super-admin edits them, or one project's email. */
export type EmailOwner = 'certificates' | 'styles' | 'projects';

export const getEmailRecord = (owner: EmailOwner, id: string) =>
  api.get<EmailRecord>(owner === 'projects' ? `/projects/${id}/email` : `/${owner}/${id}`);

export const saveEmailDesign = (owner: EmailOwner, id: string, design: EmailDesign) => api.put<EmailRecord>(`/${owner}/${id}`, design);

/** A set's or a project's unsaved email composed with sample data. */
export const previewEmail = (owner: 'certificates' | 'projects', id: string, design: EmailDesign, signal?: AbortSignal) =>
  api.post<EmailPreview>(`/${owner}/${id}/email-preview`, design, { signal });

/** A global template's unsaved email composed with sample data (super-admins). */
export const previewTemplateEmail = (id: string, design: EmailDesign, signal?: AbortSignal) =>
  api.post<EmailPreview>(`/styles/${id}/email-preview`, design, { signal });

export const sendTestEmail = (id: string, email: string, fields: TestField[]) =>
  api.post<{ success: boolean }>(`/certificates/send-test-certificate-email/${id}`, { email, fields });

/** Multipart upload of one file under the name 'file'. */
function uploadFile<T>(path: string, file: File): Promise<T> {
  const body = new FormData();
  body.append('file', file);
  return api.postForm<T>(path, body);
}

/** Stores an image for the email body; the reply's path is relative to this site. */
export const uploadEmailImage = (file: File) => uploadFile<{ imagepath: string }>('/certificates/upload?noPdf=1', file);

export const attachFile = (id: string, file: File) => uploadFile<EmailAttachment>(`/certificates/${id}/uploads`, file);

export const removeAttachment = (id: string, uploadId: number) =>
  api.delete<{ success: boolean }>(`/certificates/${id}/uploads/${uploadId}`);

/** A global template's saved email, sent to the super-admin who asks. */
export const sendTemplateTestEmail = (userId: number, styleId: string) =>
  api.post<{ success: string }>(`/certificates/send-test-certificate-email/${userId}/${styleId}`);
