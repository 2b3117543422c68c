import { canSend } from '@laurel/domain';
import { useSignedInUser } from '../session/queries.ts';
import { NotAllowedToSend } from './NotAllowedToSend.tsx';
import { SendWizard } from './SendWizard.tsx';

/** /send: choose a certificate, import recipients, match columns, preview and save (spec 3 §2). */
export function SendPage() {
  const user = useSignedInUser();
  return canSend(user) ? <SendWizard /> : <NotAllowedToSend />;
}
