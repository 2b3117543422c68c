import type { V1CertificateSet } from '@laurel/domain';
import { curlCommand } from './api.ts';

/** A sample value for a set's field, in a form the server accepts (an expiry as MM/DD/YYYY, a year on). */
function sampleValue(key: string): string {
  if (key !== 'EXPIRATION_DATE') return 'Example';
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return `${String(date.getMonth() + 1).padStart(2, '0')}/${String(date.getDate()).padStart(2, '0')}/${date.getFullYear()}`;
}

/** One call of the screen's example: what it does, and the command as a terminal takes it. */
export type CurlStep = { title: string; command: string };

/** Where the second call takes the id the first one answered. */
export const PROJECT_ID_PLACEHOLDER = 'PROJECT_ID';

/**
 * The example the screen offers: with a key just made and a set to send, a call that creates a project
 * for that set (its fields filled with samples) and the call that sends it; otherwise one that lists the sets.
 */
export function curlExample(base: string, key: string, set: V1CertificateSet | null): CurlStep[] {
  if (!set)
    return [{ title: 'List your certificate sets', command: curlCommand({ base, key, method: 'GET', path: '/v1/certificate-sets' }) }];
  const fields = Object.fromEntries(set.fields.map((field) => [field.key, sampleValue(field.key)]));
  const recipient = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', ...(set.fields.length ? { fields } : {}) };
  const create = curlCommand({
    base,
    key,
    method: 'POST',
    path: '/v1/projects',
    body: {
      certificate_set_id: set.id,
      title: `API example ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
      recipients: [recipient],
    },
    idempotent: true,
  });
  const send = curlCommand({
    base,
    key,
    method: 'POST',
    path: `/v1/projects/${PROJECT_ID_PLACEHOLDER}/send`,
    body: { sender_name: 'Your organisation' },
    idempotent: true,
  });
  return [
    { title: '1. Create a project with one recipient', command: create },
    { title: `2. Send it, with the id the first call answered in place of ${PROJECT_ID_PLACEHOLDER} (one credit)`, command: send },
  ];
}

/** The first set a fresh key may send, read through the API itself. */
export async function firstSet(key: string): Promise<V1CertificateSet | null> {
  const response = await fetch('/v1/certificate-sets?limit=1', { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) return null;
  const page = (await response.json()) as { data: V1CertificateSet[] };
  return page.data[0] ?? null;
}
