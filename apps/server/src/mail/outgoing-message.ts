/** A message ready to leave: composed, addressed and with its stable Message-ID. */
export interface OutgoingMessage {
  from: string;
  to: string;
  replyTo?: string | null;
  cc: string[];
  bcc: string[];
  subject: string;
  /** Null for a plain-text-only message. */
  html: string | null;
  text: string;
  messageId: string;
  headers: Record<string, string>;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}
