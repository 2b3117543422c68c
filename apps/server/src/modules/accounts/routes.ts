import { ACCOUNT_DELETION_MESSAGES, ACCOUNT_MESSAGES, accountDeletionCalls, accountCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth, requireOwnSession, requireRole } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { readFileOrField } from '../files/index.ts';
import { accountDeletionSummary, deleteOwnAccount } from './deletion.ts';
import { type LogoSource, removeAccountLogo, setAccountLogo } from './logo.ts';
import { readAccount, updateAccount } from './service.ts';

/** The account's details and logo (docs/product/account.md#screens "Account info"); who may do what is in `access.ts`. */
export function accountRoutes(app: FastifyInstance, context: AppContext): void {
  route(app, calls.getAccount, async (request) => readAccount(context, requireAuth(request).user, request.params.id));

  route(app, calls.updateAccount, async (request) => {
    const account = await updateAccount(context, requireAuth(request).user, request.params.id, request.body, request.ip);
    return { success: true, message: ACCOUNT_MESSAGES.updated, account };
  });

  // One call takes the logo either way the product offers: a form with the file or the address (`url`),
  // or the address as JSON `{ url }`.
  route(app, calls.uploadAccountLogo, async (request) => {
    const { user } = requireAuth(request);
    const source = request.isMultipart() ? await logoFromForm(request) : { kind: 'url' as const, body: request.body };
    return setAccountLogo(context, user, request.params.id, source, request.ip);
  });

  route(app, calls.removeAccountLogo, async (request) =>
    removeAccountLogo(context, requireAuth(request).user, request.params.id, request.ip),
  );

  route(app, accountDeletionCalls.getAccountDeletionSummary, async (request) =>
    accountDeletionSummary(context, requireRole(request, ['account_admin']), request.params.id),
  );

  // Only the admin in their own session: an admin acting as them does not know, and must not use, their password.
  route(app, accountDeletionCalls.deleteAccount, async (request) => {
    const auth = requireRole(request, ['account_admin']);
    requireOwnSession(request);
    await deleteOwnAccount(context, auth, request.params.id, request.body.password, request.ip);
    return { success: true, message: ACCOUNT_DELETION_MESSAGES.requested };
  });
}

async function logoFromForm(request: FastifyRequest): Promise<LogoSource> {
  const part = await readFileOrField(request, 'url');
  return part.kind === 'file' ? part : { kind: 'url', body: { url: part.value } };
}
