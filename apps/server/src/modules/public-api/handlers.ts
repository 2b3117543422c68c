import { migrateDesign } from '@laurel/certificate';
import { v1Calls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { assertMaySend } from '../../http/permissions.ts';
import { findCertificateSet } from '../certificates/index.ts';
import { issuedCertificatePdf } from '../delivery/index.ts';
import { addRecipients, createProject, findProject, findRecipient } from '../projects/index.ts';
import { requireKey } from './key-auth.ts';
import { presentRecipient, presentSet } from './presenter.ts';
import { assertRecipientRows } from './recipient-rows.ts';
import { LIST_BODY_LIMIT, v1Route } from './route.ts';
import { listProjectRecipients, listSets, mappedRow, projectReply, readCredits } from './service.ts';

/**
 * The calls of the public API: each one the app's own service, run as the key's user. Sending and
 * revoking are the delivery module's own (`delivery/public-api-routes.ts`), registered beside these.
 */
export function v1Routes(v1: FastifyInstance, context: AppContext): void {
  v1Route(v1, calls.listCertificateSets, async (request) => listSets(context, requireKey(request).member, request.query));

  v1Route(v1, calls.getCertificateSet, async (request) =>
    presentSet(await findCertificateSet(context, requireKey(request).member, request.params.id)),
  );

  v1Route(
    v1,
    calls.createProject,
    async (request) => {
      const { member } = requireKey(request);
      const body = request.body;
      // The rows are checked here first so that the answer names every refused row and field in /v1's terms.
      assertMaySend(member.user);
      const set = await findCertificateSet(context, member, body.certificate_set_id);
      assertRecipientRows(migrateDesign(set.design), body.recipients, context.clock.now());
      const project = await createProject(context, member, {
        title: body.title,
        certificate_id: body.certificate_set_id,
        recipients: body.recipients.map(mappedRow),
      });
      return projectReply(context, project);
    },
    { bodyLimit: LIST_BODY_LIMIT },
  );

  v1Route(
    v1,
    calls.addRecipients,
    async (request) => {
      const { member } = requireKey(request);
      assertMaySend(member.user);
      const target = await findProject(context, member, request.params.id);
      assertRecipientRows(migrateDesign(target.snapshot.design), request.body.recipients, context.clock.now());
      const { project } = await addRecipients(context, member, target.id, request.body.recipients.map(mappedRow));
      return projectReply(context, await findProject(context, member, project.id));
    },
    { bodyLimit: LIST_BODY_LIMIT },
  );

  v1Route(v1, calls.getProject, async (request) =>
    projectReply(context, await findProject(context, requireKey(request).member, request.params.id)),
  );

  v1Route(v1, calls.listProjectRecipients, async (request) =>
    listProjectRecipients(context, requireKey(request).member, request.params.id, request.query),
  );

  v1Route(v1, calls.getRecipient, async (request) =>
    presentRecipient((await findRecipient(context, requireKey(request).member, request.params.id)).recipient, context.env.PUBLIC_URL),
  );

  v1Route(v1, calls.getRecipientPdf, async (request, reply) => {
    const { recipient, project } = await findRecipient(context, requireKey(request).member, request.params.id);
    const pdf = await issuedCertificatePdf(context, project, recipient);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="certificate-${recipient.certificate_number}.pdf"`)
      .send(pdf);
  });

  v1Route(v1, calls.getCredits, async (request) => readCredits(context, requireKey(request).member));
}
