import { describe, expect, it } from 'vitest';
import { certificateTitle } from '../src/index.ts';
import type { CertificateDesign } from '../src/model/design.ts';

const text = (content: string, styles: Record<string, string>) =>
  ({ type: 'text', content, styles }) as unknown as CertificateDesign['elements'][number];

describe('certificateTitle', () => {
  it('is the largest fixed text shown, read as printed, whatever the set is called', () => {
    const elements = [
      text('Harbour School', { left: '70px', top: '30px', width: '500px', 'font-size': '14px' }),
      text('Certificate of&nbsp;<br>Seamanship', { left: '70px', top: '80px', width: '500px', 'font-size': '32px' }),
      text('Draft only', { left: '70px', top: '10px', width: '500px', 'font-size': '60px', display: 'none' }),
      text('[FIRST_NAME] [LAST_NAME]', { left: '70px', top: '200px', width: '500px', 'font-size': '48px' }),
    ];
    expect(certificateTitle({ elements })).toBe('Certificate of Seamanship');
  });

  it('is none when the certificate prints no fixed text', () => {
    expect(certificateTitle({ elements: [] })).toBeNull();
  });
});
