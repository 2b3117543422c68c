import { PortalCertificatesPage } from './PortalCertificatesPage.tsx';

/** `/portal`: the signed-in portal is the holder's certificates (spec 3 §2 "Recipient portal"). */
export function PortalHomePage() {
  return <PortalCertificatesPage />;
}
