import { PortalCertificatesPage } from './PortalCertificatesPage.tsx';

/** `/portal`: the signed-in portal is the holder's certificates (docs/product/recipient-portal.md#screens "Recipient portal"). */
export function PortalHomePage() {
  return <PortalCertificatesPage />;
}
