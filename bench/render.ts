/**
 * Rendering benchmark (issue 3): 1,000 personalised certificates to PDF (each carrying its recipient's signed
 * Open Badges credential, as an issued one does) and to PNG and JPEG on one thread, 50
 * through headless Chromium on one warm page for comparison, then PDFs through the worker pool (the PDFs and the
 * pool also once the code is warm, keys `*_warm_*`); and the
 * Open Badges credential each certificate carries, signed on one thread (issue 23). The last line is
 * machine-readable and stable from run to run; its `_vs_` keys are same-run ratios, which `npm run bench:check`
 * compares with the last recorded ones.
 */
import { availableParallelism } from 'node:os';
import {
  createPdfRenderer,
  createPngRenderer,
  credentialAttachment,
  JPEG_QUALITY,
  RenderPool,
  releaseFileMemory,
} from '@laurel/certificate/node';
import { chromiumBaseline } from './chromium.ts';
import { benchDesign, benchRecipient } from './design.ts';
import { signedCredentials, signingRates } from './open-badges.ts';

const COUNT = 1000;
const CHROMIUM_COUNT = 50;
const POOL_COUNT = 4000;
/** Rounds of COUNT certificates drawn before the warm figures are timed. */
const WARM_ROUNDS = 2;

let peakRss = 0;
const sampleRss = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const sampler = setInterval(sampleRss, 20);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const rate = (count: number, ms: number) => (count * 1000) / ms;

const design = benchDesign();
const recipients = Array.from({ length: COUNT }, (_, i) => benchRecipient(i));
// Each PDF carries its recipient's signed Open Badges credential, as an issued certificate does.
const attachments = (await signedCredentials(COUNT)).map((credential) => ({ attachments: [credentialAttachment(credential)] }));
const cores = availableParallelism();
console.log(`cores=${cores} certificates=${COUNT} elements: background, 6 text (2 fonts), QR code`);

// PDF, one thread. The renderer is prepared once per design (fonts subset, background decoded).
const pdfRenderer = createPdfRenderer(design);
for (let i = 0; i < 20; i++) pdfRenderer.render(recipients[i], attachments[i]);
const rssBefore = process.memoryUsage().rss;
let bytes = 0;
let start = performance.now();
for (let i = 0; i < COUNT; i++) bytes += pdfRenderer.render(recipients[i], attachments[i]).length;
const pdfMs = performance.now() - start;
sampleRss();
const rssAfterPdf = process.memoryUsage().rss;
console.log(
  `pdf: ${COUNT} in ${pdfMs.toFixed(0)} ms, ${(pdfMs / COUNT).toFixed(2)} ms each, ${(bytes / COUNT / 1024).toFixed(0)} KB avg; rss ${mb(rssBefore)} -> ${mb(rssAfterPdf)} MB`,
);
// The same once the code is warm (the optimising compiler takes a few thousand certificates to get there), as in a
// send of any size: a worker draws certificate after certificate. The figures above, kept for comparison with earlier
// runs, include that warm-up.
for (let k = 0; k < WARM_ROUNDS; k++) for (let i = 0; i < COUNT; i++) pdfRenderer.render(recipients[i], attachments[i]);
start = performance.now();
for (let i = 0; i < COUNT; i++) pdfRenderer.render(recipients[i], attachments[i]);
const pdfWarmMs = performance.now() - start;
console.log(`pdf, warm (after ${WARM_ROUNDS * COUNT} more): ${(pdfWarmMs / COUNT).toFixed(2)} ms each`);

// PNG, one thread, 640 px wide.
const pngRenderer = createPngRenderer(design);
for (let i = 0; i < 10; i++) await pngRenderer.render(recipients[i]);
bytes = 0;
start = performance.now();
for (const recipient of recipients) bytes += (await pngRenderer.render(recipient)).length;
const pngMs = performance.now() - start;
sampleRss();
console.log(
  `png: ${COUNT} in ${pngMs.toFixed(0)} ms, ${(pngMs / COUNT).toFixed(2)} ms each, ${(bytes / COUNT / 1024).toFixed(0)} KB avg; rss ${mb(process.memoryUsage().rss)} MB`,
);

// JPEG, one thread, 640 px wide: the same drawing, encoded by the canvas (the email's picture, link previews).
for (let i = 0; i < 10; i++) await pngRenderer.render(recipients[i], { format: 'jpeg' });
bytes = 0;
start = performance.now();
for (const recipient of recipients) bytes += (await pngRenderer.render(recipient, { format: 'jpeg' })).length;
const jpegMs = performance.now() - start;
sampleRss();
console.log(
  `jpeg (quality ${JPEG_QUALITY}): ${COUNT} in ${jpegMs.toFixed(0)} ms, ${(jpegMs / COUNT).toFixed(2)} ms each, ${(bytes / COUNT / 1024).toFixed(0)} KB avg`,
);

// The same certificate on a print-size background (Letter at 300 ppi): it goes into the PDF as it is, and
// the PNG scales it down, so print quality should cost the send little.
const printDesign = benchDesign('print');
const printPdf = createPdfRenderer(printDesign);
const printPng = createPngRenderer(printDesign);
for (let i = 0; i < 5; i++) {
  printPdf.render(recipients[i], attachments[i]);
  await printPng.render(recipients[i]);
}
const PRINT_COUNT = 200;
bytes = 0;
start = performance.now();
for (let i = 0; i < PRINT_COUNT; i++) bytes += printPdf.render(recipients[i], attachments[i]).length;
const printPdfMs = performance.now() - start;
const printPdfKb = bytes / PRINT_COUNT / 1024;
start = performance.now();
for (const recipient of recipients.slice(0, PRINT_COUNT)) await printPng.render(recipient);
const printPngMs = performance.now() - start;
sampleRss();
console.log(
  `print-size background (3300 x 2550): pdf ${(printPdfMs / PRINT_COUNT).toFixed(2)} ms each, ${printPdfKb.toFixed(0)} KB avg; ` +
    `png ${(printPngMs / PRINT_COUNT).toFixed(2)} ms each`,
);

// Open Badges credentials, one thread: the stock library's signing and Laurel's (canonicalised by template).
const credentials = await signingRates({ slowCount: 150, fastCount: 2000 });
sampleRss();
console.log(
  `open badges: credentials per second per core: ${Math.round(credentials.fast)} signed by Laurel, ` +
    `${Math.round(credentials.slow)} by the stock suite (${(credentials.fast / credentials.slow).toFixed(0)}x)`,
);

// Chromium, one warm page.
const chromium = await chromiumBaseline(design, recipients.slice(0, CHROMIUM_COUNT));
console.log(
  `chromium (${CHROMIUM_COUNT}, one warm page): page.pdf ${chromium.pdfMs.toFixed(1)} ms each, screenshot ${chromium.pngMs.toFixed(1)} ms each, ` +
    `as JPEG ${chromium.jpegMs.toFixed(1)} ms each`,
);

// Worker pool, one thread per core, PDFs.
const pool = new RenderPool({ size: cores });
const pooled = pool.prepare(design);
await Promise.all(Array.from({ length: cores * 4 }, (_, i) => pooled.renderPdf(recipients[i], attachments[i])));
/**
 * POOL_COUNT PDFs, several in flight per worker; each is used (its size counted) and then freed, as a send frees the
 * PDF it attached once the message has left (releaseFileMemory): left to the collector, thousands of PDFs a second
 * made this thread collect its whole heap several times a second and the workers wait for it.
 */
async function drawThroughPool(): Promise<number> {
  const started = performance.now();
  let next = 0;
  const inFlightPerWorker = 8;
  await Promise.all(
    Array.from({ length: cores * inFlightPerWorker }, async () => {
      while (next < POOL_COUNT) {
        const n = next++;
        const pdf = await pooled.renderPdf(recipients[n % COUNT], attachments[n % COUNT]);
        bytes += pdf.length;
        releaseFileMemory(pdf);
      }
    }),
  );
  return performance.now() - started;
}
bytes = 0;
const poolMs = await drawThroughPool();
// And once more, the workers now as warm as the one thread above.
const poolWarmMs = await drawThroughPool();
sampleRss();
await pool.close();
clearInterval(sampler);
console.log(
  `pool: ${POOL_COUNT} PDFs on ${cores} workers in ${poolMs.toFixed(0)} ms, then warm in ${poolWarmMs.toFixed(0)} ms, ${(bytes / (2 * POOL_COUNT) / 1024).toFixed(0)} KB avg; peak rss ${mb(peakRss)} MB`,
);

const pdfPerS = rate(COUNT, pdfMs);
const pngPerS = rate(COUNT, pngMs);
const chromiumPdfPerS = 1000 / chromium.pdfMs;
const chromiumPngPerS = 1000 / chromium.pngMs;
const jpegPerS = rate(COUNT, jpegMs);
const chromiumJpegPerS = 1000 / chromium.jpegMs;
console.log(
  `pdf_per_s=${Math.round(pdfPerS)} png_per_s=${Math.round(pngPerS)} ` +
    `pdf_vs_chromium=${(pdfPerS / chromiumPdfPerS).toFixed(1)} png_vs_chromium=${(pngPerS / chromiumPngPerS).toFixed(1)} ` +
    `pool_pdf_per_s=${Math.round(rate(POOL_COUNT, poolMs))} ` +
    `print_bg_pdf_per_s=${Math.round(rate(PRINT_COUNT, printPdfMs))} print_bg_png_per_s=${Math.round(rate(PRINT_COUNT, printPngMs))} ` +
    `credentials_per_s=${Math.round(credentials.fast)} ` +
    `pool_vs_one_thread=${(rate(POOL_COUNT, poolMs) / pdfPerS).toFixed(2)} credentials_vs_stock=${(credentials.fast / credentials.slow).toFixed(1)} ` +
    `jpeg_per_s=${Math.round(jpegPerS)} jpeg_vs_chromium=${(jpegPerS / chromiumJpegPerS).toFixed(1)} ` +
    `pdf_warm_per_s=${Math.round(rate(COUNT, pdfWarmMs))} pdf_warm_vs_chromium=${(rate(COUNT, pdfWarmMs) / chromiumPdfPerS).toFixed(1)} ` +
    `pool_warm_pdf_per_s=${Math.round(rate(POOL_COUNT, poolWarmMs))} ` +
    `pool_warm_vs_one_thread=${(rate(POOL_COUNT, poolWarmMs) / rate(COUNT, pdfWarmMs)).toFixed(2)}`,
);
