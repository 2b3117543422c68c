import { useParams } from 'react-router';
import { SendWizard } from '../../send/SendWizard.tsx';
import { SendProjectScreen } from '../../send/send-step/SendProjectScreen.tsx';

/** /send: choose a certificate, import recipients, match columns, preview and save (spec 3 §2). */
export function SendPage() {
  return <SendWizard />;
}

/** /send/{id}/send: send a saved project and follow its delivery. */
export function SendProjectPage() {
  const { id } = useParams();
  // Keyed by project: opening another project starts from its own state.
  return <SendProjectScreen key={id} projectId={Number(id)} />;
}
