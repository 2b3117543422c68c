import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients } from '../src/db/schema.ts';
import { PRINT_LIMIT } from '../src/modules/store/print-certificates.ts';
import { errorOf } from './helpers/api.ts';
import { startTestLaurel, type TestLaurel } from './helpers/laurel.ts';
import { saveProject, sendAndSettle, storeAccount, subUser } from './helpers/store-fixtures.ts';

let laurel: TestLaurel;
let owner: Awaited<ReturnType<typeof storeAccount>>;
let other: Awaited<ReturnType<typeof storeAccount>>;
let crew: number;
let otherProject: number;
const CREW_TITLE = 'Spring crew – Zoë’s class';

const workDir = mkdtempSync(join(tmpdir(), 'laurel-print-'));
let files = 0;
const pdfFile = (bytes: Buffer) => {
  const path = join(workDir, `${files++}.pdf`);
  writeFileSync(path, bytes);
  return path;
};
const pageCount = (bytes: Buffer) => Number(execFileSync('qpdf', ['--show-npages', pdfFile(bytes)], { encoding: 'utf8' }).trim());
const pageText = (bytes: Buffer, page: number) =>
  execFileSync('pdftotext', ['-q', '-f', String(page), '-l', String(page), '-', '-'], { input: bytes }).toString();
/** A page as PNG bytes: poppler draws the same page content to the same pixels. */
const pagePixels = (bytes: Buffer, page: number) => {
  const prefix = join(workDir, `page-${files++}`);
  execFileSync('pdftoppm', ['-png', '-singlefile', '-r', '36', '-f', String(page), '-l', String(page), pdfFile(bytes), prefix]);
  return readFileSync(`${prefix}.png`);
};

const anonymous = (url: string) => laurel.app.inject({ method: 'GET', url, headers: { host: 'laurel.test' } });
const rids = (ids: number[]) => ids.map((id) => `rid[]=${id}`).join('&');

async function recipientsOf(projectId: number) {
  return laurel.context.db.select().from(recipients).where(eq(recipients.project_id, projectId)).orderBy(asc(recipients.id));
}

function expectPdf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return response.rawPayload;
}

beforeAll(async () => {
  laurel = await startTestLaurel({ env: { WORKERS: '2' } });
  owner = await storeAccount(laurel);
  other = await storeAccount(laurel, { name: 'Other Harbour' });
  crew = await saveProject(owner.admin.client, owner.setId, CREW_TITLE, [
    { first: 'Zoë', last: 'Okafor', email: 'zoe@example.com' },
    { first: 'José', last: 'Núñez', email: 'jose@example.com' },
    { first: 'Ines', last: 'Ferreira', email: 'ines@example.com' },
    { first: 'Ada', last: 'Núñez', email: 'ada@example.com' },
  ]);
  await sendAndSettle(owner.admin.client, crew);
  otherProject = await saveProject(other.admin.client, other.setId, 'Other crew', [
    { first: 'Mallory', last: 'Moss', email: 'mallory@example.com' },
  ]);
});
afterAll(async () => {
  await laurel?.close();
});

describe('printing a project’s certificates', () => {
  it('prints every recipient in the project’s order, one page each, as an inline PDF named after the project', async () => {
    const response = await owner.admin.client.get(`/api/projects/${crew}/print-pdfs?type=stream`);
    const pdf = expectPdf(response);
    expect(pageCount(pdf)).toBe(4);
    for (const [i, name] of ['Ines Ferreira', 'Ada Núñez', 'José Núñez', 'Zoë Okafor'].entries())
      expect(pageText(pdf, i + 1)).toContain(name);
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Spring crew _ Zo__s class certificates.pdf"; filename*=UTF-8''${encodeURIComponent(`${CREW_TITLE} certificates.pdf`)}`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('draws each page as the certificate the recipient was issued', async () => {
    const pdf = expectPdf(await owner.admin.client.get(`/api/projects/${crew}/print-pdfs?type=stream`));
    const zoe = (await recipientsOf(crew)).find((r) => r.first_name === 'Zoë')!;
    const issued = expectPdf(await owner.admin.client.get(`/api/recipients/${zoe.id}/pdf?type=stream`));
    expect(pagePixels(pdf, 4).equals(pagePixels(issued, 1))).toBe(true);
    expect(pagePixels(pdf, 3).equals(pagePixels(issued, 1))).toBe(false);
  });

  it('prints only the chosen recipients, ignoring ids that are not this project’s', async () => {
    const [zoe, jose] = await recipientsOf(crew);
    const [mallory] = await recipientsOf(otherProject);
    const pdf = expectPdf(
      await owner.admin.client.get(`/api/projects/${crew}/print-pdfs?type=stream&${rids([zoe!.id, jose!.id, mallory!.id, 999_999_999])}`),
    );
    expect(pageCount(pdf)).toBe(2);
    expect(pageText(pdf, 1)).toContain('José Núñez');
    expect(pageText(pdf, 2)).toContain('Zoë Okafor');
    const all = pageText(pdf, 1) + pageText(pdf, 2);
    for (const absent of ['Ferreira', 'Ada', 'Mallory']) expect(all).not.toContain(absent);

    const single = expectPdf(await owner.admin.client.get(`/api/projects/${crew}/print-pdfs?type=stream&rid=${zoe!.id}`));
    expect(pageCount(single)).toBe(1);
    expect(pageText(single, 1)).toContain('Zoë Okafor');
  });

  it('prints revoked certificates too', async () => {
    const [, , ines] = await recipientsOf(crew);
    const revoked = await owner.admin.client.post(`/api/recipients/${ines!.id}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    const pdf = expectPdf(await owner.admin.client.get(`/api/projects/${crew}/print-pdfs?type=stream&${rids([ines!.id])}`));
    expect(pageCount(pdf)).toBe(1);
    expect(pageText(pdf, 1)).toContain('Ines Ferreira');
  });

  it('refuses a choice with nobody of this project in it', async () => {
    const [mallory] = await recipientsOf(otherProject);
    for (const url of [
      `/api/projects/${crew}/print-pdfs?type=stream&${rids([mallory!.id])}`,
      `/api/projects/${crew}/print-link?${rids([mallory!.id])}`,
    ]) {
      const response = await owner.admin.client.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).message).toBe('Choose at least one recipient to print.');
    }
  });

  it(`refuses more than ${PRINT_LIMIT} certificates in one file, and prints ${PRINT_LIMIT} chosen from them`, async () => {
    const big = await saveProject(owner.admin.client, owner.setId, 'Whole fleet', [
      { first: 'Ann', last: 'Aalto', email: 'ann@example.com' },
    ]);
    await laurel.context.db.insert(recipients).values(
      Array.from({ length: PRINT_LIMIT }, (_, i) => ({
        project_id: big,
        account_id: owner.accountId,
        first_name: `Sailor${i}`,
        last_name: `Zeta${String(i).padStart(3, '0')}`,
        email: `sailor${i}@example.com`,
        meta: { COURSE: 'Navigation', EXPIRATION_DATE: '2030-12-31' },
        token: randomBytes(24).toString('base64url'),
        certificate_number: `FLEET-${i}`,
      })),
    );
    for (const url of [`/api/projects/${big}/print-pdfs?type=stream`, `/api/projects/${big}/print-link`]) {
      const response = await owner.admin.client.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorOf(response).message).toBe('Print at most 500 certificates at a time: choose fewer recipients.');
    }

    const chosen = (await recipientsOf(big)).slice(0, PRINT_LIMIT).map((r) => r.id);
    const link = await owner.admin.client.get(`/api/projects/${big}/print-link?${rids(chosen)}`);
    expect(link.statusCode, link.body).toBe(200);
    const pdf = expectPdf(await anonymous(link.json().pdf));
    expect(pageCount(pdf)).toBe(PRINT_LIMIT);
    expect(pageText(pdf, 1)).toContain('Ann Aalto');
    expect(pageText(pdf, PRINT_LIMIT)).toContain('Sailor498 Zeta498');
  });
});

describe('the API document', () => {
  it('lists the print file and its signed link with the recipient filter', async () => {
    const doc = (await anonymous('/api/openapi.json')).json();
    for (const path of ['/api/projects/{id}/print-pdfs', '/api/projects/{id}/print-link']) {
      const names = (doc.paths[path]?.get?.parameters ?? []).map((p: { name: string }) => p.name);
      expect(names, path).toEqual(expect.arrayContaining(['id', 'rid[]', 'rid']));
    }
  });
});

describe('who may print', () => {
  it('answers 404 for another account’s project', async () => {
    for (const url of [`/api/projects/${crew}/print-pdfs?type=stream`, `/api/projects/${crew}/print-link`]) {
      const response = await other.admin.client.get(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('answers 404 to a sub-user for a project they may not see, and prints for one who may', async () => {
    const restricted = await subUser(laurel, owner.accountId);
    expect((await restricted.client.get(`/api/projects/${crew}/print-pdfs?type=stream`)).statusCode).toBe(404);
    expect((await restricted.client.get(`/api/projects/${crew}/print-link`)).statusCode).toBe(404);
    const everyone = await subUser(laurel, owner.accountId, { allow_all_users_projects: true });
    expect(pageCount(expectPdf(await everyone.client.get(`/api/projects/${crew}/print-pdfs?type=stream`)))).toBe(4);
  });

  it('needs a session or a signed link', async () => {
    const response = await anonymous(`/api/projects/${crew}/print-pdfs?type=stream`);
    expect(response.statusCode).toBe(401);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    expect((await anonymous(`/api/projects/${crew}/print-link`)).statusCode).toBe(401);
  });

  it('opens from a signed link without a session, with the same choice, and not once it is altered', async () => {
    const [zoe, jose, ines] = await recipientsOf(crew);
    const link = await owner.admin.client.get(`/api/projects/${crew}/print-link?${rids([zoe!.id, jose!.id])}`);
    expect(link.statusCode, link.body).toBe(200);
    const url: string = link.json().pdf;
    expect(url).toMatch(new RegExp(`^/api/projects/${crew}/print-pdfs\\?type=stream&`));

    const pdf = expectPdf(await anonymous(url));
    expect(pageCount(pdf)).toBe(2);
    expect(pageText(pdf, 1)).toContain('José Núñez');
    expect(pageText(pdf, 2)).toContain('Zoë Okafor');

    const addedRecipient = url.replace('type=stream&', `type=stream&rid%5B%5D=${ines!.id}&`);
    const otherProjectUrl = url.replace(`/projects/${crew}/`, `/projects/${otherProject}/`);
    const forgedSignature = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    for (const tampered of [addedRecipient, otherProjectUrl, forgedSignature]) {
      expect(tampered).not.toBe(url);
      expect((await anonymous(tampered)).statusCode, tampered).toBe(401);
    }
  });

  it('does not open from a link of a project deleted since', async () => {
    const doomed = await saveProject(owner.admin.client, owner.setId, 'Cancelled regatta', [
      { first: 'Pia', last: 'Berg', email: 'pia@example.com' },
    ]);
    const url: string = (await owner.admin.client.get(`/api/projects/${doomed}/print-link`)).json().pdf;
    expectPdf(await anonymous(url));
    expect((await owner.admin.client.delete(`/api/projects/${doomed}`)).statusCode).toBe(200);
    expect((await anonymous(url)).statusCode).toBe(404);
  });
});
