import type { ElementType } from '@laurel/certificate';

/** What each kind of element is called on screen (selection labels, the properties panel). */
export const ELEMENT_NAMES: Record<ElementType, string> = {
  background: 'Background',
  text: 'Text',
  dynamic: 'Merge field',
  dynamicText: 'Text with merge fields',
  name: 'Recipient name',
  certificate_number: 'Certificate number',
  expiration_date: 'Expiration date',
  image: 'Image',
  logo: 'Logo',
  qrcode: 'QR code',
  line: 'Line',
  portrait: 'Portrait',
};
