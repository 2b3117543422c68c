import { createCanvas } from '@napi-rs/canvas';
import { type CertificateDesign, type Element, newDesign, newElement, type PageFormat } from '../../src/index.ts';

/** A JPEG background made on the spot: a parchment gradient with a double frame. */
export function backgroundJpeg(width = 1280, height = 988): string {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#fbf6e9');
  gradient.addColorStop(1, '#e6d8b5');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = '#7a5c2e';
  ctx.lineWidth = width / 64;
  ctx.strokeRect(width / 40, width / 40, width - width / 20, height - width / 20);
  ctx.lineWidth = width / 400;
  ctx.strokeRect(width / 22, width / 22, width - width / 11, height - width / 11);
  return `data:image/jpeg;base64,${canvas.encodeSync('jpeg', 85).toString('base64')}`;
}

export function text(content: string, styles: Element['styles'], type: Element['type'] = 'text'): Element {
  const base = newElement(type === 'text' ? 'text' : type, 'Letter', { content });
  return { ...base, content, type, styles: { ...base.styles, ...styles } };
}

/** A realistic certificate: background, six text elements in two fonts, a QR code and a signature line. */
export function sampleDesign(format: PageFormat = 'Letter', isPortrait = false): CertificateDesign {
  const design = newDesign(format, isPortrait);
  const name = newElement('name');
  name.styles = { ...name.styles, top: '170px', 'font-family': 'Playfair Display', 'font-size': '40px', color: '#1c3f94' };
  design.elements = [
    newElement('background', format, { content: backgroundJpeg() }),
    text('Certificate of Achievement', {
      left: '70px',
      top: '60px',
      width: '500px',
      'font-family': 'Playfair Display',
      'font-size': '36px',
      'text-align': 'center',
      color: '#5a4118',
    }),
    text('This certifies that', {
      left: '170px',
      top: '130px',
      width: '300px',
      'font-family': 'Open Sans',
      'font-size': '16px',
      'text-align': 'center',
    }),
    name,
    text(
      'has successfully completed the course [COURSE] with distinction, demonstrating outstanding commitment and skill.',
      {
        left: '120px',
        top: '240px',
        width: '400px',
        'font-family': 'Open Sans',
        'font-size': '15px',
        'text-align': 'center',
        color: '#333333',
      },
      'dynamicText',
    ),
    text(
      'Certificate no. [CERTIFICATE NUMBER]',
      { left: '60px', top: '400px', width: '220px', 'font-family': 'Open Sans', 'font-size': '12px' },
      'certificate_number',
    ),
    text(
      'Valid until [EXPIRATION_DATE]',
      { left: '60px', top: '420px', width: '220px', 'font-family': 'Open Sans', 'font-size': '12px', 'font-style': 'italic' },
      'expiration_date',
    ),
    { ...newElement('line'), styles: { ...newElement('line').styles, left: '320px', top: '400px', width: '180px' } },
    { ...newElement('qrcode'), styles: { ...newElement('qrcode').styles, left: '520px', top: '360px', width: '80px', height: '80px' } },
  ];
  design.expiration_date_format = 'MMMM D, YYYY';
  return design;
}

export const sampleRecipient = {
  firstName: 'Zoë',
  lastName: 'Müller-Lüdenscheidt',
  fields: { Course: 'Advanced Certificate Design' },
  certificateNumber: 'LAU-2026-000123',
  expirationDate: '2027-11-22',
  verificationUrl: 'https://laurel.example/verify/6f1c2a9e4b7d8c3f5a2e9b1d7c4f8a6e',
};
