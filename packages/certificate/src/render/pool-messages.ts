import type { Recipient } from '../layout/recipient.ts';
import type { CertificateDesign, DesignSide } from '../model/design.ts';

export type PoolRequest =
  | { type: 'design'; id: number; key: string; design: CertificateDesign }
  | { type: 'pdf'; id: number; key: string; recipient: Recipient | undefined }
  | { type: 'png'; id: number; key: string; recipient: Recipient | undefined; options: { width?: number; side?: DesignSide } };

export interface PoolResponse {
  id: number;
  data?: ArrayBuffer;
  error?: string;
}
