import {
  type AttachedFile,
  type CertificateSet,
  type CertificateSetWithUploads,
  certificateCalls,
  type EmailDesign,
  fileCalls,
  type ProjectEmail,
  projectCalls,
  type Style,
  styleCalls,
  type TestEmailRequest,
} from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** A certificate set, a global template or a project as the email editor loads it: the email fields sit flat beside the design. */
export type EmailRecord = CertificateSetWithUploads | Style | ProjectEmail;

export type TestField = TestEmailRequest['fields'][number];

/** Certificate sets of the account, global templates when a super-admin edits them, or one project's email. */
export type EmailOwner = 'certificates' | 'styles' | 'projects';

export const getEmailRecord = (owner: EmailOwner, id: string): Promise<EmailRecord> => {
  const params = { id };
  if (owner === 'projects') return call(projectCalls.getProjectEmail, { params });
  if (owner === 'styles') return call(styleCalls.getStyle, { params });
  return call(certificateCalls.getCertificate, { params });
};

export const saveEmailDesign = (owner: EmailOwner, id: string, design: EmailDesign): Promise<CertificateSet | Style | ProjectEmail> => {
  const params = { id };
  if (owner === 'projects') return call(projectCalls.updateProjectEmail, { params, body: design });
  if (owner === 'styles') return call(styleCalls.updateStyle, { params, body: design });
  return call(certificateCalls.updateCertificate, { params, body: design });
};

/** A set's or a project's unsaved email composed with sample data. */
export const previewEmail = (owner: 'certificates' | 'projects', id: string, design: EmailDesign, signal?: AbortSignal) =>
  call(
    owner === 'projects' ? projectCalls.previewProjectEmail : certificateCalls.previewCertificateEmail,
    { params: { id }, body: design },
    { signal },
  );

/** A global template's unsaved email composed with sample data (super-admins). */
export const previewTemplateEmail = (id: string, design: EmailDesign, signal?: AbortSignal) =>
  call(styleCalls.previewStyleEmail, { params: { id }, body: design }, { signal });

/** Who a test may go to: the signed-in user, then the account's confirmed users. */
export const listTestRecipients = () => call(certificateCalls.listTestEmailRecipients, {});

export const sendTestEmail = (id: string, email: string, fields: TestField[]) =>
  call(certificateCalls.sendTestCertificateEmail, { params: { id }, body: { email, fields } });

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** Stores an image for the email body (the email right, not the design one); the reply's path is relative to this site. */
export const uploadEmailImage = (file: File) => call(fileCalls.uploadImage, { form: fileForm(file) });

export const attachFile = (id: string, file: File): Promise<AttachedFile> =>
  call(certificateCalls.attachCertificateFile, { params: { id }, form: fileForm(file) });

export const removeAttachment = (id: string, uploadId: number) =>
  call(certificateCalls.detachCertificateFile, { params: { id, uploadId } });

/** A global template's saved email, sent to the super-admin who asks. */
export const sendTemplateTestEmail = (userId: number, styleId: string) =>
  call(certificateCalls.sendTestStyleEmail, { params: { userId, id: styleId } });
