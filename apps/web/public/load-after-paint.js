// The script of a page the server sent rendered (the sign-in page: apps/server/src/http/sign-in-page.ts).
// The app's files are fetched once the page has been painted, so that on a slow link they do not hold the
// first paint back; the app then takes the page over. Until it has (`laurel:ready`, from
// src/layout/AuthLayout.tsx), the page's buttons do nothing of their own: the last one pressed, or the form
// sent, is held and done again once the app is ready, rather than lost or reloading the page. Links work
// as they are.
const files = JSON.parse(document.getElementById('laurel-app-files')?.textContent ?? '{"entry":null,"preload":[]}');

let ready = false;
let held = null;
const hold = (event) => {
  if (ready) return;
  if (event.type === 'submit') {
    event.preventDefault();
    held = event.target;
    return;
  }
  // A submit button's press becomes the form's submit event, held above.
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (button) held = button;
};
document.addEventListener('submit', hold, true);
document.addEventListener('click', hold, true);
document.addEventListener(
  'laurel:ready',
  () => {
    ready = true;
    if (!held?.isConnected) return;
    const element = held;
    setTimeout(() => (element instanceof HTMLFormElement ? element.requestSubmit() : element.click()));
  },
  { once: true },
);

const PRELOADS_PER_TASK = 8;

/** Lets the browser handle input and paint between two pieces of work. */
const yieldToMain = () => new Promise((resolve) => setTimeout(resolve));

/**
 * The app's modules are evaluated one file per task rather than all in one: on a slow phone the whole
 * graph at once is a quarter of a second in which a tap waits. The server lists every file after the files
 * it imports, so importing the next one evaluates it alone; the entry's own code runs when its turn comes.
 */
async function loadApp() {
  // Every file is asked for at once, a few links per task: each link costs the browser a little work, and
  // forty of them together made a task as long as the evaluation this spreads out.
  for (let first = 0; first < files.preload.length; first += PRELOADS_PER_TASK) {
    const links = document.createDocumentFragment();
    for (const href of files.preload.slice(first, first + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    await yieldToMain();
  }
  for (const href of files.preload) {
    await import(href);
    await yieldToMain();
  }
  if (files.entry) await import(files.entry);
}

/** Runs `work` once the page has painted its text (its first contentful paint), at once if it has already. */
function afterFirstContentfulPaint(work) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(work));
    return;
  }
  // Buffered: a paint before this script ran is reported too. A page opened in a background tab paints
  // when it is first shown, and loads then.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(work);
  });
  observer.observe({ type: 'paint', buffered: true });
}

afterFirstContentfulPaint(() =>
  // Should the app fail to load, forms go back to the browser's own sending, which reloads the page.
  loadApp().catch(() => {
    ready = true;
  }),
);
