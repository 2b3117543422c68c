import { z } from 'zod';
import { accountIdParams, defineCalls, fileReply, idParams, okReply, queryInt, timestamp } from './contract.ts';
import { historyEvent, recipient } from './projects.ts';

/** The Store's reading and correcting of recipients, across projects (docs/product/store.md#screens store screens, docs/product/store.md#calls). */

/** What the status filter of the global search can ask for; each is one condition on the recipient. */
export const STATUS_FILTERS = [
  'sent',
  'unsent',
  'pending',
  'undeliverable',
  'bounced',
  'failed',
  'suppressed',
  'opened',
  'not_opened',
  'revoked',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Empty form fields arrive as '' and mean "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: z.input<T> | '' | null | undefined) => (value === '' || value === null ? undefined : value), schema.optional());
const text = optional(z.string().trim().max(200));
/** A day (YYYY-MM-DD, taken as UTC) or an exact moment (ISO 8601), as the client's date range sends it. */
const moment = optional(z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Use a date such as 2024-05-31.'));

/** In a query string the data-field filters travel as one JSON object: {"COURSE": "Statistics"}. */
const dataFieldFilters = optional(
  z.preprocess(
    (value: string | Record<string, string>) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z.record(z.string().max(100), z.string().trim().max(200)),
  ),
);

/** The global search's filters (docs/product/store.md#screens "Global Search"); every one is optional and they combine with AND. */
export const searchFilter = z.object({
  like: text,
  name: text,
  email: text,
  project: text,
  certificate: text,
  project_id: optional(z.coerce.number<number | string>().int().positive()),
  status: optional(z.enum(STATUS_FILTERS)),
  sent_from: moment,
  sent_to: moment,
  fields: dataFieldFilters,
});
export type SearchFilter = z.infer<typeof searchFilter>;

export const SEARCH_SORTS = ['newest', 'oldest', 'name', 'email', 'sent_at', 'project'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const PEOPLE_SORTS = ['newest', 'name', 'email', 'certificates', 'last_sent'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

const page = { limit: queryInt(1, 100).default(10), offset: z.coerce.number<number | string>().int().min(0).default(0) };

/** A recipient as the store's detail views read them: with their project and their history. */
export const storeRecipient = recipient
  .extend({
    project_title: z.string(),
    certificate_name: z.string(),
    revoked_at: timestamp().nullable(),
    /** What the issuer said when revoking; null without a reason or while not revoked. */
    revocation_reason: z.string().nullable(),
    created_at: timestamp(),
    /** The delivery events, and the first time the certificate was opened, oldest first. */
    history: z.array(historyEvent),
  })
  .meta({ id: 'StoreRecipient' });
export type StoreRecipient = z.infer<typeof storeRecipient>;

/** One person in the Recipients list: an address and what it received across projects. */
export const person = z
  .object({
    email: z.string(),
    /** The name they were given most recently. */
    first_name: z.string(),
    last_name: z.string(),
    certificates: z.number().int(),
    projects: z.number().int(),
    sent: z.number().int(),
    opened: z.number().int(),
    undeliverable: z.number().int(),
    last_sent_at: timestamp().nullable(),
    last_added_at: timestamp(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof person>;

export const DATA_FIELD_KINDS = ['data', 'expiration_date'] as const;
export const dataField = z.object({ key: z.string(), label: z.string(), kind: z.enum(DATA_FIELD_KINDS) }).meta({ id: 'DataField' });
export type DataField = z.infer<typeof dataField>;

export const projectDataFields = z.object({
  fields: z.array(dataField),
  expiration_date_format: z.string().nullable(),
  /** The column titles a file adding recipients to the project must have. */
  import_columns: z.array(z.string()),
});
export type ProjectDataFields = z.infer<typeof projectDataFields>;

/** Recipient ids as `rid[]=1&rid[]=2` (the spec's form) or `rid=1&rid=2`: one arrives as a string, several as a list. */
const ridList = z.preprocess(
  (value: number | string | (number | string)[] | undefined) => (value === undefined || Array.isArray(value) ? value : [value]),
  z.array(z.coerce.number<number | string>().int().positive()).optional(),
);
export const printQuery = z.object({ 'rid[]': ridList, rid: ridList });
export type PrintQuery = z.infer<typeof printQuery>;

const recipientBody = z.object({
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  meta: z.record(z.string().max(100), z.string().max(500)).optional(),
});

export const storeCalls = defineCalls('store', {
  searchRecipients: {
    method: 'GET',
    path: '/api/recipients/search',
    summary: "Search the account's recipients across projects, a page at a time",
    access: 'session',
    query: searchFilter.extend({ ...page, sort: z.enum(SEARCH_SORTS).default('newest') }),
    response: z.object({ recipients: z.array(storeRecipient), count: z.number().int() }),
  },
  listPeople: {
    method: 'GET',
    path: '/api/recipients/:accountId/account-recipients',
    summary: 'List the people of an account, one per email address, with what they received',
    access: 'session',
    params: accountIdParams,
    query: z.object({
      ...page,
      like: z.string().trim().max(200).optional(),
      sort: z.enum(PEOPLE_SORTS).default('newest'),
    }),
    response: z.object({ recipients: z.array(person), count: z.number().int() }),
  },
  listPersonCertificates: {
    method: 'GET',
    path: '/api/recipients/:accountId/recipient-projects/:email',
    summary: 'List every certificate one person received from the account, newest first',
    access: 'session',
    params: accountIdParams.extend({ email: z.string().trim().min(1).max(254) }),
    response: z.object({
      email: z.string(),
      recipients: z.array(storeRecipient.extend({ project_created_at: timestamp() })),
    }),
  },
  changeRecipientEmail: {
    method: 'PUT',
    path: '/api/recipients/:accountId/recipient-email',
    summary: 'Change the email address of one or more recipients',
    access: 'session',
    params: accountIdParams,
    body: z.object({
      update_email: z.string().trim().min(1, 'Required').max(254),
      recipients_id: z.union([z.number().int().positive(), z.array(z.number().int().positive()).min(1).max(1_000)]),
    }),
    response: okReply.extend({ recipients: z.array(z.object({ id: z.number().int(), email: z.string() })) }),
  },
  getRecipient: {
    method: 'GET',
    path: '/api/recipients/:id',
    summary: 'Read a recipient with their project and history',
    access: 'session',
    params: idParams,
    response: storeRecipient,
  },
  updateRecipient: {
    method: 'PUT',
    path: '/api/recipients/:id',
    summary: "Correct a recipient's names or data fields",
    access: 'session',
    params: idParams,
    body: recipientBody,
    response: okReply.extend({ recipient: storeRecipient }),
  },
  deleteRecipient: {
    method: 'DELETE',
    path: '/api/recipients/:id',
    summary: 'Delete a recipient who was never sent anything',
    access: 'session',
    params: idParams,
    response: okReply,
  },
  getRecipientImage: {
    method: 'GET',
    path: '/api/recipients/:id/image/image.png',
    summary: "Draw a recipient's certificate as a PNG, with a session or a signed preview link",
    access: 'optional',
    params: idParams,
    query: z.object({ width: queryInt(100, 2000).optional(), is_back_side: z.string().optional() }).catchall(z.string()),
    response: fileReply("The recipient's certificate", 'image/png'),
    errors: [401, 403, 422],
  },
  getRecipientPdf: {
    method: 'GET',
    path: '/api/recipients/:id/pdf',
    summary: "Download a recipient's certificate PDF (`type=stream` shows it inline), with a session or a signed preview link",
    access: 'optional',
    params: idParams,
    query: z.object({ type: z.string().optional() }).catchall(z.string()),
    response: fileReply("The recipient's certificate", 'application/pdf'),
    errors: [401, 403, 422],
  },
  getRecipientPreviewLinks: {
    method: 'GET',
    path: '/api/recipients/:id/preview-link',
    summary: "Sign links to a recipient's certificate for a new window, valid 10 minutes",
    access: 'session',
    params: idParams,
    response: z.object({ pdf: z.string(), image: z.string() }),
  },
  printProjectCertificates: {
    method: 'GET',
    path: '/api/projects/:id/print-pdfs',
    summary: 'Draw the certificates of a project, or of the chosen recipients, as one PDF to print',
    access: 'optional',
    params: idParams,
    query: printQuery.extend({ type: z.string().optional() }),
    response: fileReply('The certificates, one per page', 'application/pdf'),
    errors: [401, 403, 422],
  },
  getProjectPrintLink: {
    method: 'GET',
    path: '/api/projects/:id/print-link',
    summary: 'Sign a link to the print file for a new window, valid 10 minutes',
    access: 'session',
    params: idParams,
    query: printQuery,
    response: z.object({ pdf: z.string() }),
  },
  listAccountDataFields: {
    method: 'GET',
    path: '/api/accounts/:id/data-fields',
    summary: "List the data fields the account's projects use, for the search filters",
    access: 'session',
    params: idParams,
    response: z.object({ fields: z.array(dataField) }),
  },
  getProjectDataFields: {
    method: 'GET',
    path: '/api/projects/:id/data-fields',
    summary: "Read the data fields of a project's certificate and the columns a file of its recipients must have",
    access: 'session',
    params: idParams,
    response: projectDataFields,
  },
});
