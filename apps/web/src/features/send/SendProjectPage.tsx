import { canSend } from '@laurel/domain';
import { useParams } from 'react-router';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { NotAllowedToSend } from './NotAllowedToSend.tsx';
import { SendProjectScreen } from './send-step/SendProjectScreen.tsx';

/** /send/{id}/send: send a saved project and follow its delivery. */
export function SendProjectPage() {
  const { id } = useParams();
  const user = useSignedInUser();
  if (!canSend(user)) return <NotAllowedToSend />;
  // Keyed by project: opening another project starts from its own state.
  return <SendProjectScreen key={id} projectId={Number(id)} />;
}
