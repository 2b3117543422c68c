import { type CertificateDesign, type Element, newDesign, newElement, type Recipient } from '@laurel/certificate';
import { createCanvas } from '@napi-rs/canvas';

/**
 * A JPEG background: parchment gradient, soft noise and a double frame, like a stock background. 1280 x 988
 * by default (the stock library's size); 3300 x 2550 is Letter at 300 ppi, an issuer's print-ready artwork.
 */
function background(width = 1280, height = 988): string {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createRadialGradient(width / 2, height / 2, 100, width / 2, height / 2, width * 0.7);
  gradient.addColorStop(0, '#fdf9ee');
  gradient.addColorStop(1, '#e3d3ab');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  const noise = ctx.getImageData(0, 0, width, height);
  let seed = 7;
  for (let i = 0; i < noise.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const d = (seed % 13) - 6;
    noise.data[i] = noise.data[i]! + d;
    noise.data[i + 1] = noise.data[i + 1]! + d;
    noise.data[i + 2] = noise.data[i + 2]! + d;
  }
  ctx.putImageData(noise, 0, 0);
  ctx.strokeStyle = '#7a5c2e';
  const scale = width / 1280;
  ctx.lineWidth = 22 * scale;
  ctx.strokeRect(32 * scale, 32 * scale, width - 64 * scale, height - 64 * scale);
  ctx.lineWidth = 4 * scale;
  ctx.strokeRect(58 * scale, 58 * scale, width - 116 * scale, height - 116 * scale);
  return `data:image/jpeg;base64,${canvas.encodeSync('jpeg', 85).toString('base64')}`;
}

function text(type: Element['type'], content: string, styles: Element['styles']): Element {
  const base = newElement(type, 'Letter', { content });
  return { ...base, content, styles: { ...base.styles, ...styles } };
}

/** The benchmark certificate: background, six text elements in two fonts, a QR code. */
export function benchDesign(backgroundSize: 'stock' | 'print' = 'stock'): CertificateDesign {
  const design = newDesign('Letter', false);
  const serif = 'Playfair Display';
  const sans = 'Open Sans';
  design.elements = [
    newElement('background', 'Letter', { content: backgroundSize === 'print' ? background(3300, 2550) : background() }),
    text('text', 'Certificate of Achievement', {
      left: '70px',
      top: '62px',
      width: '500px',
      'font-family': serif,
      'font-size': '36px',
      'text-align': 'center',
      color: '#5a4118',
    }),
    text('text', 'This certifies that', {
      left: '170px',
      top: '130px',
      width: '300px',
      'font-family': sans,
      'font-size': '16px',
      'text-align': 'center',
    }),
    text('name', '[FIRST NAME] [LAST NAME]', {
      left: '35px',
      top: '165px',
      width: '570px',
      'font-family': serif,
      'font-size': '40px',
      'font-weight': 'bold',
      'text-align': 'center',
      color: '#1c3f94',
    }),
    text('dynamicText', 'has successfully completed [COURSE] with distinction, demonstrating outstanding commitment and skill.', {
      left: '120px',
      top: '240px',
      width: '400px',
      'font-family': sans,
      'font-size': '15px',
      'text-align': 'center',
      color: '#333333',
    }),
    text('certificate_number', 'Certificate no. [CERTIFICATE NUMBER]', {
      left: '70px',
      top: '400px',
      width: '240px',
      'font-family': sans,
      'font-size': '12px',
    }),
    text('expiration_date', 'Valid until [EXPIRATION_DATE]', {
      left: '70px',
      top: '420px',
      width: '240px',
      'font-family': sans,
      'font-size': '12px',
    }),
    { ...newElement('qrcode'), styles: { ...newElement('qrcode').styles, left: '515px', top: '355px', width: '80px', height: '80px' } },
  ];
  design.expiration_date_format = 'MMMM D, YYYY';
  return design;
}

const FIRST = ['Zoë', 'Amélie', 'Jürgen', 'Søren', 'Łucja', 'Mateo', 'Aisha', 'Olivia', 'Noah', 'Chloé', 'Bartholomew', 'Inês'];
const LAST = [
  'Müller',
  'García-López',
  'O’Brien',
  'Nakamura',
  'Kowalski',
  'Dubois',
  'Andersson',
  'Rossi',
  'Fitzgerald-Montgomery',
  'Silva',
];
const COURSES = ['Advanced Certificate Design', 'Leadership Essentials', 'Data Privacy Fundamentals', 'First Aid at Work'];

/** The n-th recipient: varied, accented names, courses and numbers, as a real batch has. */
export function benchRecipient(n: number): Recipient {
  return {
    firstName: FIRST[n % FIRST.length]!,
    lastName: LAST[(n * 7) % LAST.length]!,
    fields: { COURSE: COURSES[n % COURSES.length]! },
    certificateNumber: `LAU-2026-${String(n).padStart(6, '0')}`,
    expirationDate: '2027-11-22',
    verificationUrl: `https://laurel.example/verify/${(n * 2654435761).toString(16).padStart(32, '0')}`,
  };
}
