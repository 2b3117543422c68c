import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireAccountMember } from '../../http/auth.ts';
import { hasValidSignature, signPath } from '../../http/signed-urls.ts';
import { contentDisposition } from '../files/attachments.ts';
import { findProject, findRecipient } from '../projects/service.ts';
import { accountDataFields, projectDataFields } from './data-fields.ts';
import { listPeople, PEOPLE_SORTS, type PeopleSort, personCertificates } from './people.ts';
import { presentStoreRecipient } from './presenter.ts';
import { printCertificates, printFileName, projectBySignedLink, signedPrintLink } from './print-certificates.ts';
import { changeRecipientEmail, deleteRecipient, updateRecipient } from './recipient-edits.ts';
import { pdfFileName, recipientBySignedLink, recipientPdf, recipientPng } from './recipient-files.ts';
import { assertOwnAccount } from './scope.ts';
import { SEARCH_SORT_NAMES, searchFilterSchema, searchRecipients } from './search.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const accountParams = z.object({ accountId: z.coerce.number().int().positive() });
const page = { limit: z.coerce.number().int().min(1).max(100).default(10), offset: z.coerce.number().int().min(0).default(0) };
const PREVIEW_LINK_TTL_MS = 10 * 60_000;

/** Recipient ids as `rid[]=1&rid[]=2` (the spec's form) or `rid=1&rid=2`: one arrives as a string, several as a list. */
const ridList = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().positive()).optional(),
);
const printQuery = z.object({ 'rid[]': ridList, rid: ridList });
const chosenRecipients = (query: z.infer<typeof printQuery>) =>
  query['rid[]'] || query.rid ? [...(query['rid[]'] ?? []), ...(query.rid ?? [])] : undefined;

const label = (row: { project_title: string; certificate_name: string }) => ({
  project_title: row.project_title,
  certificate_name: row.certificate_name,
});

/** A recipient for a signed preview link, or for a signed-in member who may see their project. */
async function recipientFor(context: AppContext, request: FastifyRequest, id: number) {
  if (hasValidSignature(context, request)) return recipientBySignedLink(context, id);
  return findRecipient(context, requireAccountMember(request), id);
}

/** The store's reading and correcting of recipients (spec 3 §2 store screens, §7). */
export function storeRoutes(app: FastifyInstance, context: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];

  /** The global search: the account's recipients across projects, filtered, a page at a time. */
  r.get(
    '/api/recipients/search',
    { schema: { tags, querystring: searchFilterSchema.extend({ ...page, sort: z.enum(SEARCH_SORT_NAMES).default('newest') }) } },
    async (request) => {
      const { limit, offset, sort, ...filter } = request.query;
      const { rows, count } = await searchRecipients(context, requireAccountMember(request), filter, { limit, offset, sort });
      return { recipients: rows.map((row) => presentStoreRecipient(row.recipient, label(row))), count };
    },
  );

  /** The Recipients list: one row per person (email address) with what they received. */
  r.get(
    '/api/recipients/:accountId/account-recipients',
    {
      schema: {
        tags,
        params: accountParams,
        querystring: z.object({
          ...page,
          like: z.string().trim().max(200).optional(),
          sort: z.enum(Object.keys(PEOPLE_SORTS) as [PeopleSort]).default('newest'),
        }),
      },
    },
    async (request) => {
      const member = requireAccountMember(request);
      assertOwnAccount(member, request.params.accountId);
      const { rows, count } = await listPeople(context, member, request.query);
      return { recipients: rows, count };
    },
  );

  /** Every certificate one person received from the account, each with its project and history. */
  r.get(
    '/api/recipients/:accountId/recipient-projects/:email',
    { schema: { tags, params: accountParams.extend({ email: z.string().trim().min(1).max(254) }) } },
    async (request) => {
      const member = requireAccountMember(request);
      assertOwnAccount(member, request.params.accountId);
      const rows = await personCertificates(context, member, request.params.email);
      return {
        email: request.params.email.trim().toLowerCase(),
        recipients: rows.map((row) => ({
          ...presentStoreRecipient(row.recipient, label(row)),
          project_created_at: row.project_created_at.toISOString(),
        })),
      };
    },
  );

  r.put(
    '/api/recipients/:accountId/recipient-email',
    {
      schema: {
        tags,
        params: accountParams,
        body: z.object({
          update_email: z.string().trim().min(1, 'Required').max(254),
          recipients_id: z.union([z.number().int().positive(), z.array(z.number().int().positive()).min(1).max(1_000)]),
        }),
      },
    },
    async (request) => {
      const member = requireAccountMember(request);
      assertOwnAccount(member, request.params.accountId);
      const ids = ([] as number[]).concat(request.body.recipients_id);
      const changed = await changeRecipientEmail(context, member, ids, request.body.update_email);
      return { success: true, message: 'Email updated', recipients: changed.map((row) => ({ id: row.id, email: row.email })) };
    },
  );

  /** One recipient with their project and history, for the store's detail views. */
  r.get('/api/recipients/:id', { schema: { tags, params: idParams } }, async (request) => {
    const { recipient, project } = await findRecipient(context, requireAccountMember(request), request.params.id);
    return presentStoreRecipient(recipient, { project_title: project.title, certificate_name: project.snapshot.name });
  });

  r.put(
    '/api/recipients/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({
          first_name: z.string().max(200).optional(),
          last_name: z.string().max(200).optional(),
          meta: z.record(z.string().max(100), z.string().max(500)).optional(),
        }),
      },
    },
    async (request) => {
      const { recipient, project } = await updateRecipient(context, requireAccountMember(request), request.params.id, request.body);
      return {
        success: true,
        message: 'Record saved',
        recipient: presentStoreRecipient(recipient, { project_title: project.title, certificate_name: project.snapshot.name }),
      };
    },
  );

  r.delete('/api/recipients/:id', { schema: { tags, params: idParams } }, async (request) => {
    await deleteRecipient(context, requireAccountMember(request), request.params.id);
    return { success: true, message: 'Record deleted' };
  });

  /** The issuer's view of a recipient's certificate (spec 3 §7 `recipients/{id}/image/image.png`). */
  r.get(
    '/api/recipients/:id/image/image.png',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z
          .object({ width: z.coerce.number().int().min(100).max(2000).optional(), is_back_side: z.string().optional() })
          .catchall(z.string()),
      },
    },
    async (request, reply) => {
      const { recipient, project } = await recipientFor(context, request, request.params.id);
      const png = await recipientPng(context, project, recipient, { width: request.query.width, back: request.query.is_back_side === '1' });
      return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
    },
  );

  /** `?type=stream` shows the PDF in the browser; without it the PDF downloads. */
  r.get(
    '/api/recipients/:id/pdf',
    { schema: { tags, params: idParams, querystring: z.object({ type: z.string().optional() }).catchall(z.string()) } },
    async (request, reply) => {
      const { recipient, project } = await recipientFor(context, request, request.params.id);
      const pdf = await recipientPdf(context, project, recipient);
      const disposition = request.query.type === 'stream' ? 'inline' : 'attachment';
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${pdfFileName(project, recipient)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  /** Signed links to a recipient's certificate, for a new window where no Authentication header goes along. */
  r.get('/api/recipients/:id/preview-link', { schema: { tags, params: idParams } }, async (request) => {
    const { recipient } = await findRecipient(context, requireAccountMember(request), request.params.id);
    return {
      pdf: signPath(context, `/api/recipients/${recipient.id}/pdf?type=stream`, PREVIEW_LINK_TTL_MS),
      image: signPath(context, `/api/recipients/${recipient.id}/image/image.png`, PREVIEW_LINK_TTL_MS),
    };
  });

  /**
   * The certificates of a project, or of the recipients chosen in it, as one PDF to print (spec 3 §7
   * `projects/{id}/print-pdfs?type=stream`). Opened from a signed link, or by a signed-in member.
   */
  r.get(
    '/api/projects/:id/print-pdfs',
    { schema: { tags, params: idParams, querystring: printQuery.extend({ type: z.string().optional() }) } },
    async (request, reply) => {
      const project = hasValidSignature(context, request)
        ? await projectBySignedLink(context, request.params.id)
        : await findProject(context, requireAccountMember(request), request.params.id);
      const pdf = await printCertificates(context, project, chosenRecipients(request.query));
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(request.query.type === 'stream' ? 'inline' : 'attachment', printFileName(project)),
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  /** A signed link to the print file, for a new window where no Authentication header goes along. */
  r.get('/api/projects/:id/print-link', { schema: { tags, params: idParams, querystring: printQuery } }, async (request) => {
    const project = await findProject(context, requireAccountMember(request), request.params.id);
    return { pdf: await signedPrintLink(context, project, chosenRecipients(request.query)) };
  });

  /** The data fields the account's projects use, for the global search's filters. */
  r.get('/api/accounts/:id/data-fields', { schema: { tags, params: idParams } }, async (request) => {
    const member = requireAccountMember(request);
    assertOwnAccount(member, request.params.id);
    return { fields: await accountDataFields(context, member) };
  });

  /** The data fields of one project's certificate, for editing and adding its recipients. */
  r.get('/api/projects/:id/data-fields', { schema: { tags, params: idParams } }, async (request) => {
    const project = await findProject(context, requireAccountMember(request), request.params.id);
    return projectDataFields(project);
  });
}
