/** Links the message carries besides the issuer's own: LinkedIn add-to-profile and sharing. */

export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface LinkedInCertification {
  title: string;
  organizationId: string;
  organizationName: string;
  issuedAt: Date;
  expiresAt?: Date | null;
  certUrl: string;
  certId: string;
}

/**
 * LinkedIn's add-to-profile URL for a certification. Without an organisation id LinkedIn takes the
 * organisation's name instead. Months are 1-12 and dates are read in UTC so that every server agrees.
 */
export function linkedInAddToProfileUrl(c: LinkedInCertification): string {
  const params: [string, string][] = [
    ['startTask', 'CERTIFICATION_NAME'],
    ['name', c.title],
    c.organizationId ? ['organizationId', c.organizationId] : ['organizationName', c.organizationName],
    ['issueYear', String(c.issuedAt.getUTCFullYear())],
    ['issueMonth', String(c.issuedAt.getUTCMonth() + 1)],
    ['expirationYear', c.expiresAt ? String(c.expiresAt.getUTCFullYear()) : ''],
    ['expirationMonth', c.expiresAt ? String(c.expiresAt.getUTCMonth() + 1) : ''],
    ['certUrl', c.certUrl],
    ['certId', c.certId],
  ];
  return `https://www.linkedin.com/profile/add?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

export type SocialNetwork = 'facebook' | 'twitter' | 'linkedin' | 'pinterest';

export interface ShareLink {
  network: SocialNetwork;
  label: string;
  /** Short mark drawn in the round icon. */
  mark: string;
  color: string;
  url: string;
}

/** Share links for the certificate page, in the footer's order. */
export function shareLinks(networks: SocialNetwork[], certUrl: string, title: string): ShareLink[] {
  const u = encodeURIComponent(certUrl);
  const t = encodeURIComponent(title);
  const all: Record<SocialNetwork, Omit<ShareLink, 'network'>> = {
    facebook: { label: 'Facebook', mark: 'f', color: '#1877f2', url: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    twitter: { label: 'X', mark: 'X', color: '#111111', url: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    linkedin: { label: 'LinkedIn', mark: 'in', color: '#0a66c2', url: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    pinterest: {
      label: 'Pinterest',
      mark: 'P',
      color: '#e60023',
      url: `https://pinterest.com/pin/create/button/?url=${u}&description=${t}`,
    },
  };
  return networks.map((network) => ({ network, ...all[network] }));
}
