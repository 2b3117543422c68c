import { canSend } from '@laurel/domain';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { NotAllowedToSend } from './NotAllowedToSend.tsx';
import { SendWizard } from './SendWizard.tsx';

/** /send: choose a certificate, import recipients, match columns, preview and save (docs/product/send-wizard.md#screens). */
export function SendPage() {
  const user = useSignedInUser();
  return canSend(user) ? <SendWizard /> : <NotAllowedToSend />;
}
