import {
  type CertificateSet,
  type CertificateSetCreate,
  type CertificateSetUpdate,
  type CertificateSetWithUploads,
  certificateCalls,
  type DraftPreviewRequest,
  fileCalls,
  fontCalls,
  libraryCalls,
  registrationCalls,
  renderingCalls,
  type StockImageType,
  type Style,
  stockCalls,
  styleCalls,
  type TestEmailRequest,
} from '@laurel/domain';
import { call, callFile, callUrl } from '../../shared/api/call.ts';

/** Builder calls of docs/product/builder.md#calls: certificate sets, global templates, uploads, fonts and pickers. */

/** A set, or a global template, as the builder opens it: the design fields flat beside name and email. */
export type DesignSet = CertificateSetWithUploads | Style;

export interface BuilderTarget {
  /** 'certificates' for an account's sets, 'styles' for global templates (super-admins). */
  kind: 'certificates' | 'styles';
  id: number;
}

export const listCertificates = (page: { limit: number; offset: number }) => call(certificateCalls.listCertificates, { query: page });

export const listStyles = () => call(styleCalls.listStyles, {});

/** The templates' new order: each one's index, as the gallery shows them (docs/product/builder.md#flows). */
export const sortStyles = (ids: number[]) => call(styleCalls.sortStyles, { body: { sort: ids.map((id, sorting) => ({ id, sorting })) } });

export const getCertificateSet = (id: number) => call(certificateCalls.getCertificate, { params: { id } });

export const getDesignSet = (target: BuilderTarget): Promise<DesignSet> =>
  target.kind === 'styles' ? call(styleCalls.getStyle, { params: { id: target.id } }) : getCertificateSet(target.id);

export const updateDesignSet = (target: BuilderTarget, body: CertificateSetUpdate): Promise<CertificateSet | Style> =>
  target.kind === 'styles'
    ? call(styleCalls.updateStyle, { params: { id: target.id }, body })
    : call(certificateCalls.updateCertificate, { params: { id: target.id }, body });

export const createCertificate = (body: CertificateSetCreate) => call(certificateCalls.createCertificate, { body });

export const createStyle = (body: CertificateSetCreate) => call(styleCalls.createStyle, { body });

export const renameDesignSet = (target: BuilderTarget, name: string) => updateDesignSet(target, { name });

export const deleteDesignSet = (target: BuilderTarget) =>
  target.kind === 'styles'
    ? call(styleCalls.deleteStyle, { params: { id: target.id } })
    : call(certificateCalls.deleteCertificate, { params: { id: target.id } });

export const duplicateCertificate = (id: number) => call(certificateCalls.duplicateCertificate, { params: { id } });

export const sendTestCertificate = (id: number, body: TestEmailRequest) =>
  call(certificateCalls.sendTestCertificateEmail, { params: { id }, body });

export const listBackgrounds = () => call(libraryCalls.listBackgrounds, {});

export const searchStockImages = (where: string, type: StockImageType, page: number) =>
  call(stockCalls.searchStockImages, { query: { where, type, page } });

export const importStockImage = (url: string) => call(stockCalls.importStockImage, { query: { noPdf: '1' }, body: { file: url } });

export const listFonts = () => call(fontCalls.listFonts, {});
export const removeFonts = (ids: number[]) => call(fontCalls.removeFonts, { body: { fonts: ids } });

export const checkPromoCode = (code: string) =>
  call(registrationCalls.checkPromoCode, { query: { 'promo-code': code, 'type[]': 'percentage' } });

/** Multipart uploads: the file under the name 'file', beside the form's other fields. */
const fileForm = (file: File, extra: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  form.append('file', file);
  return form;
};

export const uploadBackground = (file: File) =>
  call(fileCalls.uploadCertificateImage, { query: { background: '1' }, form: fileForm(file) });
export const uploadImage = (file: File) => call(fileCalls.uploadCertificateImage, { query: { noPdf: '1' }, form: fileForm(file) });
export const attachFile = (id: number, file: File) =>
  call(certificateCalls.attachCertificateFile, { params: { id }, form: fileForm(file) });
export const detachFile = (id: number, uploadId: number) => call(certificateCalls.detachCertificateFile, { params: { id, uploadId } });
export const uploadFont = (name: string, file: File) => call(fontCalls.uploadFont, { form: fileForm(file, { name }) });

/** The PDF of a design not saved yet (the builder's preview), as a file to show. */
export const fetchDraftPreview = (id: number, body: DraftPreviewRequest): Promise<Blob> =>
  callFile(renderingCalls.renderDraftPdf, { params: { id }, body });

/** Signed links to a set's preview, for a new window where no Authentication header goes along. */
export const getPreviewLink = (id: number) => call(renderingCalls.getCertificatePreviewLinks, { params: { id } });

/** A global template's PDF: public, so a new window opens it as it is. */
export const stylePdfUrl = (id: number) => callUrl(renderingCalls.getStylePdf, { params: { id } });
