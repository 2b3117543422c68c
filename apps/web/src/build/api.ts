import type { CertificateDesign } from '@laurel/certificate';
import { api } from '../api/client.ts';
import { ApiError, toErrorBody } from '../api/errors.ts';
import { getToken } from '../api/token.ts';

/** Builder calls of spec 2 §7: certificate sets, global templates, uploads, fonts and pickers. */

export interface CertificateSummary {
  id: number;
  name: string;
  format: CertificateDesign['format'];
  is_portrait: boolean;
  use_two_side: boolean;
  updated_at: string;
  image: string;
}

export interface AttachedFile {
  id: number;
  name: string;
  size: number;
  mime: string;
  url: string;
}

/** A set (or a global template) as the builder reads it: the design fields flat beside name and email. */
export type CertificateSet = CertificateDesign & {
  id: number;
  name: string;
  style_id?: number | null;
  updated_at: string;
  image?: string;
  uploads?: AttachedFile[];
  [emailField: string]: unknown;
};

export interface BuilderTarget {
  /** 'certificates' for an account's sets, 'styles' for global templates (super-admins). */
  kind: 'certificates' | 'styles';
  id: number;
}

const base = (target: Pick<BuilderTarget, 'kind'>) => `/${target.kind}`;

export const listCertificates = (page: { limit: number; offset: number }) =>
  api.get<{ certificates: CertificateSummary[]; count: number }>('/certificates', { query: page });

export const listStyles = () => api.get<{ styles: CertificateSet[] }>('/styles');

export const getDesignSet = (target: BuilderTarget) => api.get<CertificateSet>(`${base(target)}/${target.id}`);

export const updateDesignSet = (target: BuilderTarget, body: Record<string, unknown>) =>
  api.put<CertificateSet>(`${base(target)}/${target.id}`, body);

export const createCertificate = (body: { name: string; style_id?: number } & Partial<CertificateDesign>) =>
  api.post<CertificateSet>('/certificates', body);

export const createStyle = (body: { name: string } & Partial<CertificateDesign>) => api.post<CertificateSet>('/styles', body);

export const renameDesignSet = (target: BuilderTarget, name: string) => api.put<CertificateSet>(`${base(target)}/${target.id}`, { name });

export const deleteDesignSet = (target: BuilderTarget) => api.delete<{ success: boolean }>(`${base(target)}/${target.id}`);

export const duplicateCertificate = (id: number) => api.post<CertificateSet>(`/certificates/${id}/duplicate`);

export const sendTestCertificate = (id: number, body: { fields: { name: string; value: string }[]; email: string }) =>
  api.post<{ success: boolean }>(`/certificates/send-test-certificate-email/${id}`, body);

export interface LibraryBackground {
  id: number;
  imagepath: string;
  name: string;
}
export const listBackgrounds = () => api.get<{ backgrounds: LibraryBackground[] }>('/backgrounds');

export interface StockImage {
  id: string;
  title?: string;
  thumb: string;
  url: string;
  author?: string;
  licence?: string;
  width?: number;
  height?: number;
}
export const searchStockImages = (where: string, type: 'background' | 'image', page: number) =>
  api.get<{ images: StockImage[]; total: number }>('/stock-images', { query: { where, type, page } });

export const importStockImage = (url: string) =>
  api.post<{ imagepath: string; width?: number; height?: number }>('/certificates/upload-stock', { file: url }, { query: { noPdf: 1 } });

export interface CustomFont {
  id: number;
  name: string;
  family?: string;
  url: string;
}
export const listFonts = () => api.get<{ fonts: CustomFont[] }>('/fonts');
export const removeFonts = (ids: number[]) => api.post<{ success: boolean }>('/certificates/remove-fonts', { fonts: ids });

export const checkPromoCode = (code: string) =>
  api.get<{ success: boolean; amount?: number; message?: string }>(
    `/promo-codes/check?promo-code=${encodeURIComponent(code)}&type[]=percentage`,
  );

/** Multipart uploads: the form under the same session header as every call. */
const upload = <T>(path: string, form: FormData) => api.postForm<T>(path, form);

const fileForm = (file: File, extra: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  form.append('file', file);
  return form;
};

export interface UploadedImage {
  imagepath: string;
  width?: number;
  height?: number;
}
export const uploadBackground = (file: File) => upload<UploadedImage>('/certificates/upload?background=1', fileForm(file));
export const uploadImage = (file: File) => upload<UploadedImage>('/certificates/upload?noPdf=1', fileForm(file));
export const attachFile = (id: number, file: File) => upload<AttachedFile>(`/certificates/${id}/uploads`, fileForm(file));
export const detachFile = (id: number, uploadId: number) => api.delete<{ success: boolean }>(`/certificates/${id}/uploads/${uploadId}`);
export const uploadFont = (name: string, file: File) => upload<CustomFont>('/font/uploads', fileForm(file, { name }));

/** Binary GETs with the session header: PDFs, PNG thumbnails and font files. */
export async function fetchBinary(url: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authentication = token;
  const response = await fetch(url, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new ApiError(response.status, toErrorBody(response.status, null));
  return response.blob();
}

/** Signed links to a set's preview, for a new window where no Authentication header goes along. */
export const getPreviewLink = (id: number) => api.get<{ pdf: string; image: string }>(`/certificates/${id}/preview-link`);
