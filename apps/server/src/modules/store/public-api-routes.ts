import { v1Calls as calls, V1_MESSAGES } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { findRecipient } from '../projects/index.ts';
import { invalidRequest, presentV1Recipient, requireKey, V1Error, v1Route } from '../public-api/index.ts';
import { projectDataFields } from './data-fields.ts';
import { updateRecipient } from './recipient-edits.ts';

/** The public API's corrections (/v1): the store's own, run as the key's user. */
export function storeV1Routes(v1: FastifyInstance, context: AppContext): void {
  v1Route(v1, calls.correctRecipient, async (request) => {
    const { member } = requireKey(request);
    const { project } = await findRecipient(context, member, request.params.id);
    // A key the certificate does not print is refused by name, as /v1 refuses any property it does not know.
    const printed = projectDataFields(project).fields.map((field) => field.key);
    const unknown = Object.keys(request.body.fields ?? {}).filter((key) => !printed.includes(key));
    if (unknown.length)
      throw invalidRequest(unknown.map((key) => ({ field: `fields.${key}`, message: V1_MESSAGES.unknownSetField(key, printed) })));
    try {
      const { first_name, last_name, fields } = request.body;
      const { recipient } = await updateRecipient(context, member, request.params.id, { first_name, last_name, meta: fields });
      return presentV1Recipient(recipient, context.env.PUBLIC_URL);
    } catch (error) {
      // The app says "being sent right now" as a 400 its screens show; to an integrator it is a conflict to retry.
      if (error instanceof AppError && error.extra.error_type === 'in_flight') throw new V1Error(409, 'conflict', error.message);
      throw error;
    }
  });
}
