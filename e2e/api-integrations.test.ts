import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, projects, recipients } from '../apps/server/src/db/schema.ts';
import { screenshot } from './helpers/browser.ts';
import { createIssuer, signIn } from './helpers/issuer.ts';
import { useJourney } from './helpers/journey.ts';

const journey = useJourney();

/** Reads a curl command as a shell would: its method, URL, headers and body (single-quoted words). */
function parseCurl(command: string) {
  const words = [...command.replace(/\\\n/g, ' ').matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!,
  );
  const request: { method: string; url: string; headers: Record<string, string>; body?: string } = { method: 'GET', url: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '-X') request.method = words[++i]!;
    else if (word === '-H') {
      const [name, ...value] = words[++i]!.split(':');
      request.headers[name!.trim()] = value.join(':').trim();
    } else if (word === '-d') request.body = words[++i];
    else request.url = word;
  }
  return request;
}

describe('API & integrations', () => {
  it('makes a key, and the curl examples on the screen create a project and send it as they are', async () => {
    const email = `api.${Date.now()}@example.com`;
    await createIssuer(journey.server, {
      email,
      account: { name: 'Open Courses', url: `open${Date.now()}` },
      credits: 5,
      sets: ['Course completion'],
    });
    const page = await signIn(journey.browser, journey.server, email, { clipboard: true });

    await page.goto(`${journey.server.baseUrl}/api-integrations`);
    await page.getByText('You have no API key.').waitFor();
    await screenshot(page, 'api-integrations-no-key');

    await page.getByRole('button', { name: 'Generate API key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent())!;
    expect(secret).toMatch(/^lrl_live_/);
    await expect.poll(() => page.getByTestId('curl-example-1').textContent()).toContain('/v1/projects');
    await screenshot(page, 'api-integrations-new-key');

    // The first command, copied as the screen offers it, creates the project.
    await page.getByRole('button', { name: 'Copy command', description: /Create a project/ }).click();
    const command = await page.evaluate(() => navigator.clipboard.readText());
    expect(command).toBe(await page.getByTestId('curl-example-1').textContent());
    const request = parseCurl(command);
    expect(request.headers.Authorization).toBe(`Bearer ${secret}`);
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
    const created = (await response.json()) as { id: number; title: string; recipients: { total: number } };
    expect(response.status, JSON.stringify(created)).toBe(200);
    expect(created.recipients.total).toBe(1);
    const [row] = await journey.server.laurel.context.db.select().from(projects).where(eq(projects.id, created.id));
    expect(row?.title).toBe(created.title);

    // The second, with the id the first answered, sends it: the recipient's certificate goes out.
    await page.getByRole('button', { name: 'Copy command', description: /Send it/ }).click();
    const sendCommand = (await page.evaluate(() => navigator.clipboard.readText())).replace('PROJECT_ID', String(created.id));
    const send = parseCurl(sendCommand);
    const sent = await fetch(send.url, { method: send.method, headers: send.headers, body: send.body });
    expect(sent.status, await sent.clone().text()).toBe(200);
    await expect
      .poll(
        async () =>
          (await journey.server.laurel.context.db.select().from(recipients).where(eq(recipients.project_id, created.id)))[0]?.state,
      )
      .toBe('sent');

    // The screen shows when the key was last used once it has been.
    await page.reload();
    await expect.poll(() => page.getByText('Never').count()).toBe(0);

    // Replacing the key asks first: the old one stops working.
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('dialog').getByText('The current key stops working at once').waitFor();
    await screenshot(page, 'api-integrations-regenerate');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // An expired key is shown in red with the way to a new one.
    await journey.server.laurel.context.db
      .update(apiKeys)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.prefix, secret.slice(0, 17)));
    await page.reload();
    await page.getByRole('button', { name: 'Generate a new key' }).waitFor();
    await page.getByText('This key has expired').waitFor();
    await screenshot(page, 'api-integrations-expired');

    await page.getByRole('link', { name: 'API reference' }).first().click();
    await page
      .getByRole('heading', { name: 'Create a project: recipients for one certificate set, checked as the send wizard checks them' })
      .waitFor();
    await screenshot(page, 'api-reference');
  });
});
