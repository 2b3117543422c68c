import { z } from 'zod';
import { defineCalls, fileReply } from '../contract.ts';
import {
  v1CertificateSet,
  v1Credits,
  v1IdParams,
  v1List,
  v1Page,
  v1Project,
  v1ProjectCreate,
  v1Recipient,
  v1Recipients,
  v1Send,
  v1SendResult,
} from './shapes.ts';

/**
 * The calls of the public REST API, authenticated by an API key (`Authorization: Bearer lrl_live_...`).
 * `access: 'session'` here means "a valid key": the /v1 routes check it themselves. Every POST takes
 * an `Idempotency-Key` header.
 */
export const v1Calls = defineCalls('v1', {
  listCertificateSets: {
    method: 'GET',
    path: '/v1/certificate-sets',
    summary: 'List the certificate sets you may send',
    access: 'session',
    query: v1Page,
    response: v1List(v1CertificateSet, 'CertificateSetList'),
  },
  getCertificateSet: {
    method: 'GET',
    path: '/v1/certificate-sets/:id',
    summary: 'Read a certificate set and the fields its recipients need',
    access: 'session',
    params: v1IdParams,
    response: v1CertificateSet,
  },
  createProject: {
    method: 'POST',
    path: '/v1/projects',
    summary: 'Create a project: recipients for one certificate set, checked as the send wizard checks them',
    description:
      'Nothing is sent yet: `POST /v1/projects/{id}/send` sends it. A refused row saves nothing: the 400 names every refused row in `errors`.',
    access: 'session',
    body: v1ProjectCreate,
    response: v1Project,
    errors: [409, 422],
  },
  addRecipients: {
    method: 'POST',
    path: '/v1/projects/:id/recipients',
    summary: 'Add recipients to a project; they wait for the next send',
    description: 'A refused row adds nothing: the 400 names every refused row in `errors`.',
    access: 'session',
    params: v1IdParams,
    body: z.strictObject({ recipients: v1Recipients }),
    response: v1Project,
    errors: [409, 422],
  },
  sendProject: {
    method: 'POST',
    path: '/v1/projects/:id/send',
    summary: "Send a project's unsent certificates",
    description: 'Each certificate not yet paid for costs one credit, as in the app; without enough credits the answer is 402.',
    access: 'session',
    params: v1IdParams,
    body: v1Send,
    response: v1SendResult,
    errors: [402, 409, 422],
  },
  getProject: {
    method: 'GET',
    path: '/v1/projects/:id',
    summary: 'Read a project and its recipients counted by delivery status',
    access: 'session',
    params: v1IdParams,
    response: v1Project,
  },
  listProjectRecipients: {
    method: 'GET',
    path: '/v1/projects/:id/recipients',
    summary: "List a project's recipients with the status of each delivery",
    access: 'session',
    params: v1IdParams,
    query: v1Page,
    response: v1List(v1Recipient, 'RecipientList'),
  },
  getRecipient: {
    method: 'GET',
    path: '/v1/recipients/:id',
    summary: 'Read a recipient and where their delivery stands',
    access: 'session',
    params: v1IdParams,
    response: v1Recipient,
  },
  getRecipientPdf: {
    method: 'GET',
    path: '/v1/recipients/:id/pdf',
    summary: "Download a recipient's certificate as a PDF",
    access: 'session',
    params: v1IdParams,
    response: fileReply('The certificate', 'application/pdf'),
  },
  revokeRecipient: {
    method: 'POST',
    path: '/v1/recipients/:id/revoke',
    summary: "Revoke a recipient's certificate: its page says so from now on",
    access: 'session',
    params: v1IdParams,
    body: z.strictObject({ reason: z.string().trim().max(300).optional() }),
    response: v1Recipient,
    errors: [409, 422],
  },
  getCredits: {
    method: 'GET',
    path: '/v1/credits',
    summary: 'Read the credits you can send with',
    access: 'session',
    response: v1Credits,
  },
});
