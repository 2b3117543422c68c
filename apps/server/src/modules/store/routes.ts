import { storeCalls as calls } from '@laurel/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { hasValidSignature } from '../../http/signed-urls.ts';
import { contentDisposition } from '../files/index.ts';
import { findRecipient } from '../projects/index.ts';
import { accountDataFields, findProjectDataFields } from './data-fields.ts';
import { listPeople, personCertificates } from './people.ts';
import { presentLabelledRecipient, presentPersonCertificate, presentStoreRecipient, projectLabel } from './presenter.ts';
import { chosenRecipients, printCertificates, signedPrintLink } from './print-certificates.ts';
import { changeRecipientEmail, deleteRecipient, updateRecipient } from './recipient-edits.ts';
import { recipientCertificatePdf, recipientCertificatePng, recipientPreviewLinks } from './recipient-files.ts';
import { assertOwnAccount } from './scope.ts';
import { searchRecipients } from './search.ts';

/** Files opened from a signed link need no session (no member then); otherwise the signed-in member. */
const signedOrMember = (context: AppContext, request: FastifyRequest) =>
  hasValidSignature(context, request) ? null : requireAccountMember(request);

/** The store's reading and correcting of recipients (docs/product/store.md#screens store screens, docs/product/store.md#calls). */
export function storeRoutes(app: FastifyInstance, context: AppContext): void {
  /** The global search: the account's recipients across projects, filtered, a page at a time. */
  route(app, calls.searchRecipients, async (request) => {
    const { limit, offset, sort, ...filter } = request.query;
    const { rows, count } = await searchRecipients(context, requireAccountMember(request), filter, { limit, offset, sort });
    return { recipients: rows.map(presentLabelledRecipient), count };
  });

  /** The Recipients list: one row per person (email address) with what they received. */
  route(app, calls.listPeople, async (request) => {
    const member = requireAccountMember(request);
    assertOwnAccount(member, request.params.accountId);
    const { rows, count } = await listPeople(context, member, request.query);
    return { recipients: rows, count };
  });

  /** Every certificate one person received from the account, each with its project and history. */
  route(app, calls.listPersonCertificates, async (request) => {
    const member = requireAccountMember(request);
    assertOwnAccount(member, request.params.accountId);
    const rows = await personCertificates(context, member, request.params.email);
    return { email: request.params.email.trim().toLowerCase(), recipients: rows.map(presentPersonCertificate) };
  });

  route(app, calls.changeRecipientEmail, async (request) => {
    const member = requireAccountMember(request);
    assertOwnAccount(member, request.params.accountId);
    const changed = await changeRecipientEmail(context, member, request.body.recipients_id, request.body.update_email);
    return { success: true, message: 'Email updated', recipients: changed.map((row) => ({ id: row.id, email: row.email })) };
  });

  /** One recipient with their project and history, for the store's detail views. */
  route(app, calls.getRecipient, async (request) => {
    const { recipient, project } = await findRecipient(context, requireAccountMember(request), request.params.id);
    return presentStoreRecipient(recipient, projectLabel(project));
  });

  route(app, calls.updateRecipient, async (request) => {
    const { recipient, project } = await updateRecipient(context, requireAccountMember(request), request.params.id, request.body);
    return { success: true, message: 'Record saved', recipient: presentStoreRecipient(recipient, projectLabel(project)) };
  });

  route(app, calls.deleteRecipient, async (request) => {
    await deleteRecipient(context, requireAccountMember(request), request.params.id);
    return { success: true, message: 'Record deleted' };
  });

  route(app, calls.getRecipientImage, async (request, reply) => {
    const png = await recipientCertificatePng(context, signedOrMember(context, request), request.params.id, {
      width: request.query.width,
      back: request.query.is_back_side === '1',
    });
    return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
  });

  /** `?type=stream` shows the PDF in the browser; without it the PDF downloads. */
  route(app, calls.getRecipientPdf, async (request, reply) => {
    const { pdf, name } = await recipientCertificatePdf(context, signedOrMember(context, request), request.params.id);
    const disposition = request.query.type === 'stream' ? 'inline' : 'attachment';
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition(disposition, name))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  route(app, calls.getRecipientPreviewLinks, async (request) =>
    recipientPreviewLinks(context, requireAccountMember(request), request.params.id),
  );

  /** docs/product/store.md#calls `projects/{id}/print-pdfs?type=stream`: a project's certificates, or the chosen ones, as one PDF. */
  route(app, calls.printProjectCertificates, async (request, reply) => {
    const { pdf, name } = await printCertificates(
      context,
      signedOrMember(context, request),
      request.params.id,
      chosenRecipients(request.query),
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition(request.query.type === 'stream' ? 'inline' : 'attachment', name))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  route(app, calls.getProjectPrintLink, async (request) => ({
    pdf: await signedPrintLink(context, requireAccountMember(request), request.params.id, chosenRecipients(request.query)),
  }));

  /** The data fields the account's projects use, for the global search's filters. */
  route(app, calls.listAccountDataFields, async (request) => {
    const member = requireAccountMember(request);
    assertOwnAccount(member, request.params.id);
    return { fields: await accountDataFields(context, member) };
  });

  /** The data fields of one project's certificate, for editing and adding its recipients. */
  route(app, calls.getProjectDataFields, async (request) =>
    findProjectDataFields(context, requireAccountMember(request), request.params.id),
  );
}
