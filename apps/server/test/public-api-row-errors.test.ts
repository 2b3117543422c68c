import { MESSAGES, V1_MESSAGES } from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiIdempotency, projects } from '../src/db/schema.ts';
import { issuerWithCertificate, NAME_ELEMENT } from './helpers/issuer.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { makeKey, type V1Client, v1Client, v1Error } from './helpers/v1.ts';

/**
 * What /v1 says of a recipient list it refuses: every refused value at once, each with its row and field,
 * a property it does not know named rather than dropped, and a refused request leaves its Idempotency-Key
 * free for the corrected one.
 */

let laurel: TestLaurel;
let issuer: Awaited<ReturnType<typeof issuerWithCertificate>>;
let api: V1Client;

const COURSE_ELEMENT = { ...NAME_ELEMENT, type: 'text', content: 'for [COURSE]', styles: { ...NAME_ELEMENT.styles, top: '260px' } };
const person = (n: number, extra: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: `Hopper ${n}`,
  email: `grace${n}@example.com`,
  fields: { COURSE: 'Compilers' },
  ...extra,
});

beforeAll(async () => {
  laurel = await startTestLaurel();
  issuer = await issuerWithCertificate(laurel, { credits: 10, name: 'Course completion', elements: [NAME_ELEMENT, COURSE_ELEMENT] });
  api = v1Client(laurel, await makeKey(issuer.admin.client));
});
afterAll(async () => {
  await laurel?.close();
});

const projectsTitled = (title: string) => laurel.context.db.select().from(projects).where(eq(projects.title, title));

describe('a refused recipient list', () => {
  it('names every refused row with its index and field, and saves nothing', async () => {
    const refused = await api.post('/v1/projects', {
      certificate_set_id: issuer.setId,
      title: 'Every row named',
      recipients: [
        person(0),
        person(1, { email: 'not-an-address' }),
        person(2, { fields: { COURSE: 'Compilers', Cours: 'typo' } }),
        person(3, { email: 'also@bad' }),
      ],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const errors = [
      { row: 1, field: 'recipients.1.email', message: `${MESSAGES.invalidEmail}: not-an-address` },
      { row: 2, field: 'recipients.2.fields.Cours', message: V1_MESSAGES.unknownSetField('Cours', ['COURSE']) },
      { row: 3, field: 'recipients.3.email', message: `${MESSAGES.invalidEmail}: also@bad` },
    ];
    expect(v1Error(refused)).toEqual({
      type: 'invalid_request_error',
      message: V1_MESSAGES.refused(errors[0]!, 3),
      field: 'recipients.1.email',
      errors,
    });
    expect(await projectsTitled('Every row named')).toEqual([]);
  });

  it('refuses every property it does not know by name, in the body and in each recipient, with the other issues', async () => {
    const refused = await api.post('/v1/projects', {
      certificate_set_id: issuer.setId,
      title: 'Unknown properties',
      titel: 'Unknown properties',
      recipients: [person(0, { phone: '+44 20 7946 0000' }), person(1, { middle_name: 'Brewster' }), person(2, { email: '' })],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const error = v1Error(refused) as ReturnType<typeof v1Error> & { errors: { field: string; row?: number; message: string }[] };
    expect(error.type).toBe('invalid_request_error');
    expect(error.errors).toEqual(
      expect.arrayContaining([
        { field: 'titel', message: V1_MESSAGES.unknownField('titel') },
        { row: 0, field: 'recipients.0.phone', message: V1_MESSAGES.unknownField('phone') },
        { row: 1, field: 'recipients.1.middle_name', message: V1_MESSAGES.unknownField('middle_name') },
        { row: 2, field: 'recipients.2.email', message: expect.any(String) },
      ]),
    );
    expect(error.errors).toHaveLength(4);
    expect(await projectsTitled('Unknown properties')).toEqual([]);
  });

  it('names each row when no recipient gives a field the set prints', async () => {
    const withoutCourse = ({ fields: _fields, ...rest }: ReturnType<typeof person>) => rest;
    const refused = await api.post('/v1/projects', {
      certificate_set_id: issuer.setId,
      title: 'No course',
      recipients: [withoutCourse(person(0)), withoutCourse(person(1))],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(v1Error(refused)).toMatchObject({
      field: 'recipients.0.fields.COURSE',
      errors: [0, 1].map((row) => ({ row, field: `recipients.${row}.fields.COURSE`, message: V1_MESSAGES.missingSetField('COURSE') })),
    });
  });

  it('names every refused row of recipients added to a project, and adds none', async () => {
    const created = await api.post('/v1/projects', { certificate_set_id: issuer.setId, title: 'Added to', recipients: [person(0)] });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const refused = await api.post(`/v1/projects/${id}/recipients`, {
      recipients: [person(1, { email: 'nobody' }), person(2), person(3, { fields: { COURSE: 'Compilers', LEVEL: 'Advanced' } })],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(v1Error(refused)).toMatchObject({
      errors: [
        { row: 0, field: 'recipients.0.email', message: `${MESSAGES.invalidEmail}: nobody` },
        { row: 2, field: 'recipients.2.fields.LEVEL', message: V1_MESSAGES.unknownSetField('LEVEL', ['COURSE']) },
      ],
    });
    expect((await api.get(`/v1/projects/${id}`)).json().recipients.total).toBe(1);
  });
});

describe('a refused request and its Idempotency-Key', () => {
  const keyRow = (key: string) => laurel.context.db.select().from(apiIdempotency).where(eq(apiIdempotency.idempotency_key, key));

  it('claims no key: the corrected request runs with the same key, and is the one replayed', async () => {
    const body = (email: string) => ({ certificate_set_id: issuer.setId, title: 'Corrected', recipients: [person(0, { email })] });
    const refused = await api.post('/v1/projects', body('grace@@example.com'), 'corrected-once');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await keyRow('corrected-once')).toEqual([]);

    const corrected = await api.post('/v1/projects', body('grace@example.com'), 'corrected-once');
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await api.post('/v1/projects', body('grace@example.com'), 'corrected-once');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json().id).toBe(corrected.json().id);
    expect(await projectsTitled('Corrected')).toHaveLength(1);
  });

  it('claims no key for a refusal of the app’s own rules either (a title already taken)', async () => {
    const body = (title: string) => ({ certificate_set_id: issuer.setId, title, recipients: [person(0)] });
    expect((await api.post('/v1/projects', body('Taken title'))).statusCode).toBe(200);
    const refused = await api.post('/v1/projects', body('Taken title'), 'retitled');
    expect(refused.statusCode).toBe(400);
    expect(v1Error(refused)).toMatchObject({ field: 'title', errors: [{ field: 'title', message: 'Project title must be unique.' }] });
    const retitled = await api.post('/v1/projects', body('Another title'), 'retitled');
    expect(retitled.statusCode, retitled.body).toBe(200);
  });
});
