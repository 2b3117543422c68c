/**
 * Web delivery benchmark (issue 24): builds the web app, starts the server on a throwaway data directory,
 * sends two certificates (the page of one is opened once beforehand, as a running server has served pages
 * before), then loads four pages cold in Debian's Chromium on a slow mobile link (CDP: 1.6 Mbit/s down,
 * 750 Kbit/s up, 150 ms round trip, CPU slowed 4×): the public certificate page, an account portal's sign-in,
 * the sign-in page and the dashboard (signed in). For each it measures the
 * JavaScript on the wire (the encoded bytes of every script response, headers included) and the Largest
 * Contentful Paint (the first contentful paint where the browser reported no LCP entry, marked so), then runs
 * Lighthouse's mobile preset on the certificate page, the portal's sign-in and the sign-in page. Last line:
 * `certificate_js_kb=… certificate_lcp_ms=… login_js_kb=… dashboard_js_kb=… certificate_lighthouse=… portal_js_kb=…
 * portal_lighthouse=… login_lighthouse=…`.
 *
 *   npm run bench:web
 *   BENCH_SKIP_BUILD=1 npm run bench:web     (the web app as last built)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { recipients } from '../apps/server/src/db/schema.ts';
import { startLaurel } from '../apps/server/src/server.ts';
import { freePort } from '../apps/server/test/helpers/free-port.ts';
import { apiOf, createIssuer, PASSWORD } from '../e2e/helpers/issuer.ts';
import { countScripts } from '../e2e/helpers/script-bytes.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build', '-w', '@laurel/web'], { cwd: root, stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'laurel-bench-web-'));
const port = await freePort();
const laurel = await startLaurel(
  parseEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    BASE_DOMAIN: 'localhost',
    LOG_LEVEL: 'error',
    WORKERS: '1',
    ADMIN_EMAIL: 'root@bench.test',
    ADMIN_PASSWORD: 'bench-root-password-42',
  }),
  { schedules: false },
);
laurel.context.renders.warm();
await laurel.app.listen({ port, host: '127.0.0.1' });
const server = { laurel, port, baseUrl: `http://localhost:${port}`, smtp: null, stop: async () => undefined };

// One issuer with one sent certificate: its public page is what recipients open.
const email = 'owner@bench.test';
const portal = 'benchschool';
const { token, sets } = await createIssuer(server, {
  email,
  // A plan with the recipient portal (Basic and above), so its sign-in is the real page, not the invalid-account one.
  account: { name: 'Bench School', url: portal, allowed_sets: 5, plan: 'basic-monthly-3' },
  credits: 10,
  sets: ['Seamanship'],
});
const call = apiOf(server);
const project = await call(token, 'POST', '/api/projects', {
  title: 'Harbour pilots',
  certificate_id: sets[0]!.id,
  recipients: [
    { FIRST_NAME: 'Ines', LAST_NAME: 'Moreau', 'Email Address': 'ines@example.com', COURSE: 'Navigation' },
    { FIRST_NAME: 'Tomas', LAST_NAME: 'Berg', 'Email Address': 'tomas@example.com', COURSE: 'Navigation' },
  ],
});
await call(token, 'POST', `/api/projects/${project.id}/send-emails`, { sender_name: 'Bench School' });
for (let i = 0; ; i++) {
  if ((await call(token, 'GET', `/api/projects/${project.id}/progress`)).finished) break;
  if (i > 600) throw new Error('the certificate was not sent');
  await new Promise((r) => setTimeout(r, 100));
}
const [recipient, earlier] = await laurel.context.db
  .select({ token: recipients.token })
  .from(recipients)
  .where(eq(recipients.project_id, project.id));
const certificateUrl = `${server.baseUrl}/c/${recipient!.token}`;

// A running server has shown certificate pages before: another recipient's page and image are asked for once,
// so that the first-request costs of the process (code paths compiled, the image encoder loaded) are not
// counted. The measured certificate is still drawn for the first time when its page asks for its image.
const earlierPage = await (await fetch(`${server.baseUrl}/c/${earlier!.token}`)).text();
for (const [, src] of earlierPage.matchAll(/src="(\/api\/c\/[^"]+)"/g))
  await (await fetch(`${server.baseUrl}${src!.replace(/&amp;/g, '&')}`)).arrayBuffer();

const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
});

interface Load {
  jsKb: number;
  lcpMs: number;
  /** No LCP entry was reported (an element faded in from opacity 0 is never a candidate): lcpMs is the FCP. */
  lcpFromFcp: boolean;
  finalUrl: string;
  cspViolations: number;
}

/** One cold load (a fresh context has an empty cache) on the slow link; `prepare` may sign in first. */
async function measure(url: string, prepare?: (context: BrowserContext) => Promise<void>): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await prepare?.(context);
  // Observed from the first byte: a paint before the load event still counts.
  await context.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { lcp: number }).lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = countScripts(cdp);
  let cspViolations = 0;
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations++;
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 180_000 });
  await page.waitForTimeout(500);
  const { lcp, fcp } = await page.evaluate(() => ({
    lcp: (window as unknown as { lcp?: number }).lcp,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
  }));
  const finalUrl = page.url();
  await context.close();
  return {
    jsKb: Math.round(scripts.bytes() / 1024),
    lcpMs: Math.round(lcp ?? fcp ?? 0),
    lcpFromFcp: lcp === undefined,
    finalUrl,
    cspViolations,
  };
}

const signedIn = async (context: BrowserContext) => {
  const csrf = (await call(null, 'GET', '/api/auth/csrf')).csrf_token;
  const session = (await call(null, 'POST', '/api/auth', { email, password: PASSWORD, csrf_token: csrf })).token as string;
  await context.addInitScript((value) => localStorage.setItem('laurel.token', value), session);
};

// The portal's sign-in itself: `/login` on a portal host redirects to the signed-in portal's address.
const portalLoginUrl = `http://${portal}.localhost:${port}/portal/login`;
const results = {
  certificate: await measure(certificateUrl),
  portal: await measure(portalLoginUrl),
  login: await measure(`${server.baseUrl}/login`),
  dashboard: await measure(`${server.baseUrl}/dashboard`, signedIn),
};
for (const [name, load] of Object.entries(results)) {
  console.log(
    `${name.padEnd(12)} ${String(load.jsKb).padStart(5)} KB of JavaScript, LCP ${String(load.lcpMs).padStart(6)} ms${load.lcpFromFcp ? ' (FCP, no LCP entry)' : ''}, ` +
      `${load.cspViolations} CSP violation(s), ended at ${load.finalUrl}`,
  );
}

// Lighthouse's default configuration is its mobile preset (emulated phone, simulated slow 4G).
async function lighthouseScore(name: string, url: string): Promise<number> {
  const report = await lighthouse(url, { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const score = Math.round((report?.lhr.categories.performance?.score ?? 0) * 100);
  const audits = report?.lhr.audits;
  console.log(
    `lighthouse ${name}: performance ${score}, FCP ${audits?.['first-contentful-paint']?.displayValue}, ` +
      `LCP ${audits?.['largest-contentful-paint']?.displayValue}, TBT ${audits?.['total-blocking-time']?.displayValue}`,
  );
  return score;
}
const score = await lighthouseScore('certificate', certificateUrl);
const portalScore = await lighthouseScore('portal', portalLoginUrl);
const loginScore = await lighthouseScore('login', `${server.baseUrl}/login`);

await browser.close();
await laurel.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `certificate_js_kb=${results.certificate.jsKb} certificate_lcp_ms=${results.certificate.lcpMs} login_js_kb=${results.login.jsKb} ` +
    `dashboard_js_kb=${results.dashboard.jsKb} certificate_lighthouse=${score} portal_js_kb=${results.portal.jsKb} ` +
    `portal_lighthouse=${portalScore} login_lighthouse=${loginScore}`,
);
