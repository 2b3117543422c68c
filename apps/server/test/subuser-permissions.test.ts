import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MESSAGES, PERMISSION_MESSAGES } from '@laurel/domain';
import { createCanvas } from '@napi-rs/canvas';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, dataExports, mailMessages, storedFiles, type users } from '../src/db/schema.ts';
import { ApiClient, errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { put, storeAccount, subUser } from './helpers/store-fixtures.ts';

/**
 * Every change a sub-user can ask of the account's assets, one line each: refused (403, the right's
 * message, nothing changed when the admin reads everything back) without the right, done with it.
 */

const require = createRequire(import.meta.url);
const openSans = readFileSync(
  path.join(path.dirname(require.resolve('@expo-google-fonts/open-sans/package.json')), '400Regular', 'OpenSans_400Regular.ttf'),
);
const png = createCanvas(40, 30).encodeSync('png');
const csv = Buffer.from('First;Last;Email\nZoë;Okafor;zoe@example.com\n');
const CLUB_MAPPING = {
  Prénom: 'FIRST_NAME',
  Nom: 'LAST_NAME',
  Courriel: 'Email Address',
  Formation: 'COURSE',
  Échéance: 'EXPIRATION_DATE',
};
const clubCsv = Buffer.from('Courriel;Prénom;Nom;Formation;Échéance\nlee@example.com;Lee;Ray;Pilotage;31/12/2030\n');
const RULES = [{ title: 'Prénom', mapped: 'FIRST_NAME' }];
const row = (first: string, email: string) => ({
  FIRST_NAME: first,
  LAST_NAME: 'Byron',
  'Email Address': email,
  COURSE: 'Navigation',
  EXPIRATION_DATE: '31/12/2030',
});

type Flags = Partial<typeof users.$inferInsert>;
type Right = keyof typeof PERMISSION_MESSAGES | 'superAdmin';

/** Whom a line acts as: a sub-user who can reach the asset, with the rights in question off. */
const AS = {
  /** Every permission off: sees no set but those it made, and only its own projects. */
  bare: { allow_all_certificate_sets: false, allowed_certificate_sets: [], allow_all_users_projects: false },
  /** Sees every set (so may send), may not create, edit or write emails. */
  setReader: { allow_all_certificate_sets: true },
  /** Sees every user's projects, may not send. */
  projectReader: { allow_all_users_projects: true, allow_all_certificate_sets: false, allowed_certificate_sets: [] },
} satisfies Record<string, Flags>;

/** The flag that grants each right; super-admin calls have none a sub-user could hold. */
const GRANT: Record<Right, Flags | null> = {
  createSets: { allow_certificate_set_create: true },
  editSets: { allow_certificate_set_edits: true },
  design: { allow_certificate_set_edits: true },
  editEmails: { allow_certificate_email_edits: true },
  send: { allow_all_certificate_sets: true },
  superAdmin: null,
};

interface Assets {
  accountId: number;
  setId: number;
  fontId: number;
  mappingId: number;
  uploadId: number;
  projectId: number;
  recipientIds: number[];
  styleId: number;
}

type Call = (client: ApiClient, a: Assets) => Promise<LightMyRequestResponse>;
type Line = [name: string, as: keyof typeof AS, right: Right, call: Call];

function file(value: Buffer, filename: string) {
  return { name: 'file', value, filename };
}

const LU = row('Lu', 'lu@example.com');
const LIST_FORM = [{ name: 'delimiter', value: ';' }, file(csv, 'l.csv')];
const RESEND_FAILED = { sender_name: 'Harbour', resend_failed: true };
const CSV_EXPORT = { export_type: 'csv' };
const exportOne = (a: Assets) => ({ project_id: a.projectId, ...CSV_EXPORT });
const exportMany = (a: Assets) => ({ projectIds: [a.projectId], ...CSV_EXPORT });
const newProject = (a: Assets) => ({ title: 'Sub', certificate_id: a.setId, recipients: [row('Kai', 'k@example.com')] });
const clubForm = (a: Assets) => [{ name: 'project_id', value: String(a.projectId) }, file(clubCsv, 'c.csv')];
const readdress = (a: Assets) => ({ update_email: 'm@example.com', recipients_id: a.recipientIds[0]! });

/**
 * The mapping the line before saved as this sub-user ('Sub-user mapping'); without the right it was never
 * saved, and the line asks for the admin's instead (refused by the right, as it would be anyway). A sub-user
 * may delete only their own mappings: mappings.test.ts and authz/mappings.test.ts show the admin's are refused.
 */
async function ownMappingId(client: ApiClient, a: Assets): Promise<number> {
  const listed = await client.get(`/api/mappings/${a.accountId}`);
  const mine = listed.json<{ mappings: { id: number; name: string }[] }>().mappings.find((m) => m.name === 'Sub-user mapping');
  return mine?.id ?? a.mappingId;
}

/**
 * In the order the allowed pass can run them against one set of assets: what removes an asset comes
 * after everything that uses it.
 */
const LINES: Line[] = [
  ['upload a font', 'bare', 'design', (c) => c.upload('/api/font/uploads', [{ name: 'name', value: 'Sub Sans' }, file(openSans, 's.ttf')])],
  ['remove a font', 'bare', 'design', (c, a) => c.post('/api/certificates/remove-fonts', { fonts: [a.fontId] })],
  ['upload a background', 'bare', 'design', (c) => c.upload('/api/certificates/upload?background=1', [file(png, 'bg.png')])],
  ['upload a design image', 'bare', 'design', (c) => c.upload('/api/certificates/upload?noPdf=1', [file(png, 'i.png')])],
  ['take a stock image', 'bare', 'design', (c) => c.post('/api/certificates/upload-stock', { file: 'marble-white' })],
  ['upload an email image', 'bare', 'editEmails', (c) => c.upload('/api/upload', [file(png, 'e.png')])],
  ['create a set', 'bare', 'createSets', (c) => c.post('/api/certificates', { name: 'Sub-user set' })],
  ['rename a set', 'setReader', 'editSets', (c, a) => put(c, `/api/certificates/${a.setId}`, { name: 'Renamed' })],
  ['change a set’s design', 'setReader', 'editSets', (c, a) => put(c, `/api/certificates/${a.setId}`, { format: 'A4' })],
  ['duplicate a set', 'setReader', 'createSets', (c, a) => c.post(`/api/certificates/${a.setId}/duplicate`)],
  ['change a set’s email', 'setReader', 'editEmails', (c, a) => put(c, `/api/certificates/${a.setId}`, { email_subject: 'Hi' })],
  ['attach a file', 'setReader', 'editEmails', (c, a) => c.upload(`/api/certificates/${a.setId}/uploads`, [file(png, 'a.png')])],
  ['delete an attachment', 'setReader', 'editEmails', (c, a) => c.delete(`/api/certificates/${a.setId}/uploads/${a.uploadId}`)],
  ['send a test email', 'setReader', 'editEmails', (c, a) => c.post(`/api/certificates/send-test-certificate-email/${a.setId}`, {})],
  ['save a mapping', 'bare', 'send', (c) => c.post('/api/mappings', { name: 'Sub-user mapping', rules: RULES })],
  ['delete a mapping they saved', 'bare', 'send', async (c, a) => c.delete(`/api/mappings/${await ownMappingId(c, a)}`)],
  ['import a list', 'bare', 'send', (c) => c.upload('/api/recipients/import-list', LIST_FORM)],
  ['ask for credits', 'bare', 'send', (c) => c.post('/api/accounts/send-credits-request', { requestedCredits: 10 })],
  ['save a project', 'bare', 'send', (c, a) => c.post('/api/projects', newProject(a))],
  ['rename a project', 'projectReader', 'send', (c, a) => c.post(`/api/projects/${a.projectId}/update-memo`, { title: 'Renamed' })],
  ['change a project’s email', 'projectReader', 'editEmails', (c, a) => put(c, `/api/projects/${a.projectId}`, { email_subject: 'Hi' })],
  ['add recipients', 'projectReader', 'send', (c, a) => c.post(`/api/projects/${a.projectId}/add-recipients`, { recipients: [LU] })],
  ['import into a project', 'projectReader', 'send', (c, a) => c.upload('/api/recipients/import-project-recipients-list', clubForm(a))],
  ['correct a recipient', 'projectReader', 'send', (c, a) => put(c, `/api/recipients/${a.recipientIds[0]}`, { first_name: 'Mallory' })],
  ['change an address', 'projectReader', 'send', (c, a) => put(c, `/api/recipients/${a.accountId}/recipient-email`, readdress(a))],
  ['delete a recipient', 'projectReader', 'send', (c, a) => c.delete(`/api/recipients/${a.recipientIds[1]}`)],
  ['revoke a certificate', 'projectReader', 'send', (c, a) => c.post(`/api/recipients/${a.recipientIds[0]}/revoke`, {})],
  ['reinstate a certificate', 'projectReader', 'send', (c, a) => c.post(`/api/recipients/${a.recipientIds[0]}/reinstate`)],
  ['send a project', 'projectReader', 'send', (c, a) => c.post(`/api/projects/${a.projectId}/send-emails`, { sender_name: 'Harbour' })],
  ['resend failed deliveries', 'projectReader', 'send', (c, a) => c.post(`/api/projects/${a.projectId}/send-emails`, RESEND_FAILED)],
  ['export a project', 'projectReader', 'send', (c, a) => c.post('/api/projects/run-export', exportOne(a))],
  ['export projects', 'projectReader', 'send', (c, a) => c.post('/api/projects/run-export-bulk', exportMany(a))],
  ['export a search', 'projectReader', 'send', (c, a) => c.post(`/api/recipients/${a.accountId}/account-recipients-alldata`, CSV_EXPORT)],
  ['delete a project', 'projectReader', 'send', (c, a) => c.delete(`/api/projects/${a.projectId}`)],
  ['delete a set', 'setReader', 'editSets', (c, a) => c.delete(`/api/certificates/${a.setId}`)],
  ['create a global template', 'setReader', 'superAdmin', (c) => c.post('/api/styles', { name: 'Sub-user style' })],
  ['delete a global template', 'setReader', 'superAdmin', (c, a) => c.delete(`/api/styles/${a.styleId}`)],
];

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let superAdmin: ApiClient;
const clients = new Map<string, ApiClient>();

/** One signed-in sub-user per combination of flags. */
async function signedIn(flags: Flags): Promise<ApiClient> {
  const key = JSON.stringify(flags);
  if (!clients.has(key)) clients.set(key, (await subUser(laurel, owner.accountId, flags)).client);
  return clients.get(key)!;
}

let serial = 0;
/** Names the account must keep unique (fonts, mappings, projects, templates). */
const unique = (name: string) => `${name} ${++serial}`;

const ok = async (response: Promise<LightMyRequestResponse>) => {
  const done = await response;
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
};

/** The account's font, mapping, set with an attachment, project with two recipients, and a global template. */
async function seed(): Promise<Assets> {
  const admin = owner.admin.client;
  const font = await ok(admin.upload('/api/font/uploads', [{ name: 'name', value: unique('Brand') }, file(openSans, 'b.ttf')]));
  const mapping = await ok(admin.post('/api/mappings', { name: unique('Registrar'), rules: RULES }));
  const upload = await ok(admin.upload(`/api/certificates/${owner.setId}/uploads`, [file(png, 'terms.png')]));
  const project = await ok(
    admin.post('/api/projects', {
      title: unique('Autumn'),
      key: 'memo',
      certificate_id: owner.setId,
      mapping: CLUB_MAPPING,
      recipients: [row('Ada', 'ada@example.com'), row('Bea', 'bea@example.com')],
    }),
  );
  const listed = await ok(admin.get(`/api/recipients?project_id=${project.id}&sort=first_name`));
  const style = await ok(superAdmin.post('/api/styles', { name: unique('Classic') }));
  return {
    accountId: owner.accountId,
    setId: owner.setId,
    fontId: font.id,
    mappingId: mapping.mapping.id,
    uploadId: upload.id,
    projectId: project.id,
    recipientIds: listed.recipients.map((r: { id: number }) => r.id),
    styleId: style.id,
  };
}

/** Everything the lines could change, as the account's admin (and the database) reads it back. */
async function inventory(a: Assets) {
  const admin = owner.admin.client;
  const counted = async (table: typeof storedFiles | typeof dataExports | typeof mailMessages, where?: ReturnType<typeof eq>) =>
    (await laurel.context.db.select({ n: count() }).from(table).where(where))[0]!.n;
  return {
    fonts: (await ok(admin.get('/api/fonts'))).fonts,
    mappings: (await ok(admin.get(`/api/mappings/${a.accountId}`))).mappings,
    sets: (await ok(admin.get('/api/certificates'))).count,
    set: await ok(admin.get(`/api/certificates/${a.setId}`)),
    projects: (await ok(admin.get('/api/projects'))).projects,
    recipients: (await ok(admin.get(`/api/recipients?project_id=${a.projectId}`))).recipients,
    projectEmail: await ok(admin.get(`/api/projects/${a.projectId}/email`)),
    styles: (await ok(superAdmin.get('/api/styles'))).styles.length,
    files: await counted(storedFiles, eq(storedFiles.account_id, a.accountId)),
    exports: await counted(dataExports, eq(dataExports.account_id, a.accountId)),
    mail: await counted(mailMessages),
  };
}

beforeAll(async () => {
  laurel = await startTestLaurel();
  owner = await storeAccount(laurel);
  // Custom fonts need Advanced Monthly; mappings and exports any paid plan.
  await laurel.context.db
    .update(accounts)
    .set({ stripe_active: true, stripe_plan: 'advanced-monthly-3', allowed_sets: 20 })
    .where(eq(accounts.id, owner.accountId));
  superAdmin = new ApiClient(laurel);
  expect((await superAdmin.login('root@laurel.test', 'correct horse battery staple')).statusCode).toBe(200);
});
afterAll(async () => {
  await laurel?.close();
});

describe('a sub-user without the right', () => {
  let assets: Assets;
  beforeAll(async () => {
    assets = await seed();
  });

  it.each(LINES)('may not %s: 403, and nothing changes', async (_name, as, right, call) => {
    const before = await inventory(assets);
    const refused = await call(await signedIn(AS[as]), assets);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      error_type: 'permission',
      errors: [right === 'superAdmin' ? MESSAGES.notAllowed : PERMISSION_MESSAGES[right]],
    });
    expect(await inventory(assets)).toEqual(before);
  });
});

describe('which projects a sub-user sees', () => {
  it('is only their own unless allowed every user’s projects', async () => {
    const assets = await seed();
    const ownOnly = await signedIn(AS.bare);
    expect((await ok(ownOnly.get('/api/projects'))).count).toBe(0);
    expect((await ownOnly.get(`/api/projects/${assets.projectId}`)).statusCode).toBe(404);
    const everyone = await signedIn(AS.projectReader);
    expect((await ok(everyone.get('/api/projects'))).projects.map((p: { id: number }) => p.id)).toContain(assets.projectId);
  });
});

/** Runs last: its lines remove the assets they act on, the set included. */
describe('a sub-user with the right', () => {
  let assets: Assets;
  beforeAll(async () => {
    assets = await seed();
  });

  it.each(LINES.filter(([, , right]) => GRANT[right] !== null))('may %s', async (_name, as, right, call) => {
    await ok(call(await signedIn({ ...AS[as], ...GRANT[right] }), assets));
  });

  it('may change design assets with either set right', async () => {
    const creator = await signedIn({ ...AS.bare, allow_certificate_set_create: true });
    await ok(creator.upload('/api/certificates/upload?background=1', [file(png, 'bg.png')]));
  });
});
