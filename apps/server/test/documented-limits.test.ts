import {
  ACCOUNT_NAME_MAX,
  DEFAULT_PORTAL_SETTINGS,
  PASSWORD_MAX_LENGTH,
  PORTAL_LABEL_MAX,
  PORTAL_NAME_MAX,
  PORTAL_TEXT_MAX,
  type PortalSettings,
} from '@laurel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { ApiClient, codeFromMail, registerConfirmedAdmin, uniqueEmail } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';

/**
 * The limits the OpenAPI document states are the ones the server holds to: for each length it documents
 * (`maxLength`) on the fields below, a value of exactly that length is taken and one character more is
 * refused. The portal settings are walked whole, so a field added with a limit is asked too.
 */

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components: { schemas: Record<string, JsonSchema> };
}

let laurel: TestLaurel;
let doc: OpenApiDocument;
beforeAll(async () => {
  laurel = await startTestLaurel();
  doc = (await new ApiClient(laurel).get('/api/openapi.json')).json();
});
afterAll(async () => {
  await laurel?.close();
});

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]!) : schema;

/** The request body schema of a call, as the document gives it. */
const bodyOf = (method: string, path: string) => resolve(doc.paths[path]![method]!.requestBody!.content['application/json']!.schema);

/** A property by its dotted path, through references and nullable unions. */
function fieldOf(schema: JsonSchema, path: string): JsonSchema {
  return path.split('.').reduce((at, key) => {
    const object = resolve(at);
    const found = object.properties?.[key] ?? object.anyOf?.map(resolve).find((s) => s.properties?.[key])?.properties?.[key];
    if (!found) throw new Error(`no ${key} in ${path}`);
    return resolve(found);
  }, schema);
}

/** Every string property with a documented maxLength, by dotted path. */
function documentedLengths(schema: JsonSchema, prefix = ''): Record<string, number> {
  const object = resolve(schema);
  const found: Record<string, number> = {};
  for (const [key, property] of Object.entries(object.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    for (const variant of [resolve(property), ...(resolve(property).anyOf ?? []).map(resolve)]) {
      if (variant.maxLength !== undefined) found[path] = variant.maxLength;
      if (variant.properties) Object.assign(found, documentedLengths(variant, path));
    }
  }
  return found;
}

const maxLength = (method: string, path: string, field: string) => fieldOf(bodyOf(method, path), field).maxLength;

describe('portal settings', () => {
  let admin: Awaited<ReturnType<typeof registerConfirmedAdmin>>;
  beforeAll(async () => {
    admin = await registerConfirmedAdmin(laurel);
    await laurel.context.db
      .update(accounts)
      .set({ stripe_active: true, stripe_plan: 'enterprise-monthly-3' })
      .where(eq(accounts.id, admin.user.account!.id));
  });

  const limits = () => documentedLengths(fieldOf(bodyOf('post', '/api/accounts/portal-settings'), 'portal_settings'));

  /** An address of exactly `length` characters the email check takes: 64 before the @, labels under 64 after it. */
  const addressOf = (length: number) => {
    const local = 'a'.repeat(64);
    const domain = ['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(length - 64 - 1 - 63 - 1 - 63 - 1 - 4)].join('.');
    return `${local}@${domain}.com`;
  };

  /** A value of `length` characters that passes every other rule of the field. */
  function sampleOf(field: string, length: number): string {
    if (/color|background$/.test(field)) return `#${'A'.repeat(length - 1)}`;
    if (/url|company_socials/.test(field)) return `https://example.com/${'a'.repeat(length - 20)}`;
    if (field === 'support_email.email') return addressOf(length);
    if (/text$/.test(field)) return 'x'.repeat(length);
    throw new Error(`no sample value for ${field}: add one to this test`);
  }

  function withValue(field: string, value: string): PortalSettings {
    const settings = structuredClone(DEFAULT_PORTAL_SETTINGS) as unknown as Record<string, Record<string, unknown>>;
    const [group, key] = field.split('.') as [string, string];
    settings[group]![key] = value;
    return settings as unknown as PortalSettings;
  }
  const save = (settings: PortalSettings) => admin.client.post('/api/accounts/portal-settings', { portal_settings: settings });

  it('documents the limits the settings form counts down from', () => {
    expect(limits()).toMatchObject({
      'portal_name.text': PORTAL_NAME_MAX,
      'custom_text.text': PORTAL_TEXT_MAX,
      'login_button.text': PORTAL_LABEL_MAX,
    });
    expect([PORTAL_NAME_MAX, PORTAL_TEXT_MAX, PORTAL_LABEL_MAX]).toEqual([60, 1000, 30]);
  });

  it('takes each documented length exactly, and refuses one character more', async () => {
    const documented = limits();
    expect(Object.keys(documented).sort()).toEqual(
      [
        'background.color',
        'company_socials.facebook',
        'company_socials.linkedin',
        'company_socials.pinterest',
        'company_socials.twitter',
        'company_website.url',
        'custom_text.text',
        'login_button.background',
        'login_button.color',
        'login_button.text',
        'portal_name.text',
        'support_email.email',
      ].sort(),
    );
    // The support address is saved only once confirmed: confirm the longest one first.
    const longest = addressOf(documented['support_email.email']!);
    expect((await admin.client.post('/api/portal-settings/send-validation-code', { email: longest })).statusCode).toBe(200);
    const code = /code is (\d{6})/.exec((await laurel.lastMailTo(longest)).text)![1]!;
    expect((await admin.client.post('/api/portal-settings/validate-email', { code })).statusCode).toBe(200);

    const wrong: string[] = [];
    for (const [field, max] of Object.entries(documented)) {
      const taken = await save(withValue(field, sampleOf(field, max)));
      if (taken.statusCode !== 200) wrong.push(`${field} at ${max}: ${taken.statusCode} ${taken.body.slice(0, 160)}`);
      const refused = await save(withValue(field, sampleOf(field, max + 1)));
      if (refused.statusCode !== 400) wrong.push(`${field} at ${max + 1}: ${refused.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('counts characters as the document does: an emoji is one', async () => {
    expect((await save(withValue('portal_name.text', '🎓'.repeat(PORTAL_NAME_MAX)))).statusCode).toBe(200);
    expect((await save(withValue('portal_name.text', '🎓'.repeat(PORTAL_NAME_MAX + 1)))).statusCode).toBe(400);
  });
});

describe('account names', () => {
  const registration = (accountName: string) => ({
    email: uniqueEmail('named'),
    first_name: 'Ada',
    last_name: 'Lovelace',
    account_name: accountName,
    url: `named${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`,
  });

  it('registers and renames an account at the documented length, and refuses one character more', async () => {
    const max = maxLength('put', '/api/accounts/{id}', 'name');
    expect(max).toBe(ACCOUNT_NAME_MAX);
    expect(maxLength('post', '/api/registration/account', 'account_name')).toBe(max);

    const anonymous = new ApiClient(laurel);
    expect((await anonymous.post('/api/registration/account', registration('n'.repeat(max! + 1)))).statusCode).toBe(400);
    const { client, user } = await registerConfirmedAdmin(laurel, { account_name: 'n'.repeat(max!) });
    const account = (await client.get(`/api/accounts/${user.account!.id}`)).json();
    const rename = (name: string) =>
      client.call('PUT', `/api/accounts/${account.id}`, { name, url: account.url, country: account.country, state: account.state });
    expect((await rename('r'.repeat(max!))).statusCode).toBe(200);
    expect((await rename('r'.repeat(max! + 1))).statusCode).toBe(400);
    expect((await client.get(`/api/accounts/${account.id}`)).json().name).toBe('r'.repeat(max!));
  });
});

describe('passwords being set', () => {
  const calls = [
    ['post', '/api/users/confirm/password', 'password'],
    ['post', '/api/users/confirm/password', 'password_confirmation'],
    ['post', '/api/users/{id}/update-password', 'newPassword'],
    ['post', '/api/users/{id}/password-change', 'password'],
    ['post', '/api/accounts/password-change/{userId}', 'password'],
    ['post', '/api/accounts/password-change/{userId}', 'password_confirmation'],
  ] as const;

  it('document the password rule’s length', () => {
    for (const [method, path, field] of calls) expect(maxLength(method, path, field), `${path} ${field}`).toBe(PASSWORD_MAX_LENGTH);
  });

  it('are taken at that length and refused one character more, from the link, the profile and a super-admin', async () => {
    const longest = `${'p'.repeat(PASSWORD_MAX_LENGTH - 1)}7`;
    const tooLong = `${longest}8`;

    const anonymous = new ApiClient(laurel);
    const email = uniqueEmail('longpass');
    expect(
      (
        await anonymous.post('/api/registration/account', {
          email,
          first_name: 'Ada',
          last_name: 'Lovelace',
          account_name: 'Long passwords',
          url: `longpass${Date.now().toString(36)}`,
        })
      ).statusCode,
    ).toBe(200);
    const code = codeFromMail((await laurel.lastMailTo(email)).text, 'confirm');
    const confirm = (password: string) =>
      anonymous.post('/api/users/confirm/password', { code, password, password_confirmation: password, accept_terms: true });
    expect((await confirm(tooLong)).statusCode).toBe(400);
    expect((await confirm(longest)).statusCode).toBe(200);

    const client = new ApiClient(laurel);
    const login = await client.login(email, longest);
    expect(login.statusCode, login.body).toBe(200);
    const id = login.json<{ user: { id: number } }>().user.id;
    const change = (newPassword: string) => client.post(`/api/users/${id}/update-password`, { oldPassword: longest, newPassword });
    expect((await change(tooLong)).statusCode).toBe(400);
    expect((await change(`${'q'.repeat(PASSWORD_MAX_LENGTH - 1)}7`)).statusCode).toBe(200);

    const superAdmin = new ApiClient(laurel);
    expect((await superAdmin.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
    expect((await superAdmin.post(`/api/users/${id}/password-change`, { password: tooLong })).statusCode).toBe(400);
    expect((await superAdmin.post(`/api/users/${id}/password-change`, { password: longest })).statusCode).toBe(200);
    expect((await new ApiClient(laurel).login(email, longest)).statusCode).toBe(200);
  });
});
