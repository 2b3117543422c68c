import { useParams } from 'react-router';
import { SendProjectScreen } from './send-step/SendProjectScreen.tsx';

/** /send/{id}/send: send a saved project and follow its delivery. */
export function SendProjectPage() {
  const { id } = useParams();
  // Keyed by project: opening another project starts from its own state.
  return <SendProjectScreen key={id} projectId={Number(id)} />;
}
