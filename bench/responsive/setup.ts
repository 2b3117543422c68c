import { FIELD_KEYS, migrateDesign, recipientFields } from '@laurel/certificate';
import { Api } from './api.ts';
import { ADMIN } from './app.ts';
import { RECIPIENT_DOMAIN, type Sink } from './sink.ts';

export interface BenchAccount {
  owner: Api;
  setId: number;
  fields: ReturnType<typeof recipientFields>;
}

/**
 * An account as a new customer makes one (register, confirm from the mailed link, sign in), given
 * `credits` by the super-admin, with a certificate set from a seeded template its plan allows.
 */
export async function createAccount(url: string, sink: Sink, credits: number): Promise<BenchAccount> {
  const owner = new Api(url);
  const email = 'owner@bench.test';
  const password = 'bench-owner-password-42';
  await owner.call('POST', '/api/registration/account', {
    email,
    first_name: 'Bea',
    last_name: 'Bench',
    opt_in: false,
    account_name: 'Bench Institute',
    url: 'bench',
  });
  while (!sink.accountMail.length) await new Promise((r) => setTimeout(r, 50));
  const code = /\/user\/confirm\/([A-Za-z0-9_-]+)/.exec(sink.accountMail[0]!)![1];
  await owner.call('POST', '/api/users/confirm/password', { code, password, password_confirmation: password, accept_terms: true });
  const login = await owner.signIn(email, password);

  const admin = new Api(url);
  await admin.signIn(ADMIN.email, ADMIN.password);
  await admin.call('PUT', `/api/accounts/${login.user.account!.id}/admin-update`, { credits, allowed_sets: 10 });

  // A new account's plan has no QR codes or back sides: the first seeded template without them.
  const { styles } = await owner.call('GET', '/api/styles');
  const style = styles.find(
    (s: { elements: { type: string }[]; use_two_side?: boolean }) => !s.use_two_side && !s.elements.some((e) => e.type === 'qrcode'),
  );
  const set = await owner.call('POST', '/api/certificates', { name: 'Bench certificate', style_id: style.id });
  return { owner, setId: set.id, fields: recipientFields(migrateDesign(set)) };
}

/** A project of `count` recipients numbered from `first`, each with every field of the set filled. */
export async function createProject(account: BenchAccount, title: string, first: number, count: number): Promise<number> {
  const rows = Array.from({ length: count }, (_, n) => {
    const i = first + n;
    const row: Record<string, string> = {
      [FIELD_KEYS.first]: 'Émilie',
      [FIELD_KEYS.last]: `Durand ${i}`,
      [FIELD_KEYS.email]: `r${i}@${RECIPIENT_DOMAIN}`,
    };
    for (const field of account.fields) if (field.kind === 'data') row[field.key] = `Value ${i}`;
    if (account.fields.some((f) => f.kind === 'expiration_date')) row[FIELD_KEYS.expiration] = '12/31/2030';
    return row;
  });
  const project = await account.owner.call('POST', '/api/projects', { title, certificate_id: account.setId, recipients: rows });
  return project.id;
}

/**
 * Sends a project and waits until the sink has every message and the project reports nothing
 * left to send. Times from the send call to the last message accepted.
 */
export async function sendAndWait(
  account: BenchAccount,
  sink: Sink,
  projectId: number,
  count: number,
  limitMs = Number.POSITIVE_INFINITY,
): Promise<{ started: number; lastAt: number; delivered: number; cutOff: boolean }> {
  const before = sink.accepted;
  const started = performance.now();
  await account.owner.call('POST', `/api/projects/${projectId}/send-emails`, { sender_name: 'Bench Institute' });
  let checked = started;
  let cutOff = false;
  while (sink.accepted - before < count) {
    if (performance.now() - started > limitMs) {
      cutOff = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 200));
    // Now and then, whether the send ended short (failed deliveries) instead of waiting forever.
    if (performance.now() - checked > 5_000) {
      checked = performance.now();
      const progress = await account.owner.call('GET', `/api/projects/${projectId}/progress`);
      if (progress.finished && sink.accepted - before < count) {
        console.error(`project ${projectId} finished with ${progress.failed} failed, ${progress.bounced} bounced`);
        break;
      }
    }
  }
  return { started, lastAt: cutOff ? performance.now() : sink.lastAcceptedAt, delivered: sink.accepted - before, cutOff };
}
