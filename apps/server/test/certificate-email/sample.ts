import type { EmailDesignInput } from '@laurel/domain';
import type { CertificateEmailInput } from '../../src/mail/certificate-email/index.ts';

/** A complete composition input with realistic values; tests override what they exercise. */
export function sampleInput(
  overrides: { design?: EmailDesignInput } & Partial<Omit<CertificateEmailInput, 'design'>> = {},
): CertificateEmailInput {
  return {
    design: overrides.design ?? {},
    account: overrides.account ?? {
      name: 'Northwind Academy',
      email: 'office@northwind.example',
      logoUrl: 'https://files.laurel.test/logos/northwind.png',
      portalUrl: 'https://northwind.laurel.test/portal',
    },
    recipient: overrides.recipient ?? {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      fields: { EXPIRATION_DATE: '12/31/2027', 'Course Name': 'Analytical Engines 101' },
      certificate: {
        url: 'https://laurel.test/c/Zk3q9VbX2mQ8rT5wY1nL4pA7',
        id: 'Zk3q9VbX2mQ8rT5wY1nL4pA7',
        issuedAt: new Date('2026-03-15T10:00:00Z'),
        expiresAt: new Date('2027-12-31T00:00:00Z'),
        title: 'Certificate of Completion',
      },
    },
    links: overrides.links ?? {
      unsubscribeUrl: 'https://laurel.test/unsubscribe/Qm9vZ2llV29vZ2llQm9vZ2llV29v',
      preferencesUrl: 'https://laurel.test/preferences/Qm9vZ2llV29vZ2llQm9vZ2llV29v',
      privacyUrl: 'https://laurel.test/privacy',
    },
    messageId: overrides.messageId ?? '<recipient-17.attempt-1@laurel.test>',
    productFrom: overrides.productFrom ?? 'Laurel <certificates@laurel.test>',
  };
}
