import { api } from '../api/client.ts';

/** A recipient's certificate as anyone holding its link sees it. */
export interface PublicCertificate {
  certificate_name: string;
  certificate_number: string;
  recipient_name: string;
  issuer: { name: string; imagepath: string | null };
  issued_at: string;
  expires_on: string | null;
  status: 'valid' | 'expired' | 'revoked';
  pdf_url: string;
  image_url: string;
  url: string;
  linkedin_url: string;
}

export const getPublicCertificate = (token: string) => api.get<PublicCertificate>(`/c/${encodeURIComponent(token)}`, { quiet401: true });
