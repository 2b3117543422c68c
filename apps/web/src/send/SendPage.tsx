import { SendWizard } from './SendWizard.tsx';

/** /send: choose a certificate, import recipients, match columns, preview and save (spec 3 §2). */
export function SendPage() {
  return <SendWizard />;
}
