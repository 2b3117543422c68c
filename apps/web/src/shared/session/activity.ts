/**
 * The moment of the user's last pointer, keyboard or scroll activity. It is shared between tabs
 * through localStorage so that working in one tab keeps the others from timing the session out.
 */
const STORAGE_KEY = 'laurel.activity';
const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;
/** Writes to localStorage at most this often; reading memory is enough in between. */
const WRITE_EVERY_MS = 1_000;

let last = Date.now();
let lastWrite = 0;
let paused = false;

export function markActive(): void {
  last = Date.now();
  if (last - lastWrite >= WRITE_EVERY_MS) {
    lastWrite = last;
    try {
      localStorage.setItem(STORAGE_KEY, String(last));
    } catch {
      // Storage may be unavailable (private mode quotas); the in-memory time still works.
    }
  }
}

export function lastActivity(): number {
  let shared = 0;
  try {
    shared = Number(localStorage.getItem(STORAGE_KEY)) || 0;
  } catch {
    shared = 0;
  }
  // A value from the future (another tab's clock, a test clock) must not hold the session open.
  return Math.max(last, shared <= Date.now() ? shared : 0);
}

/**
 * While the timeout warning is open only its buttons count: moving the mouse towards them must
 * not dismiss the choice the dialog asks for.
 */
export function setActivityPaused(value: boolean): void {
  paused = value;
}

export function startActivityTracking(): () => void {
  const onActivity = () => {
    if (!paused) markActive();
  };
  markActive();
  for (const name of EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
  return () => {
    for (const name of EVENTS) window.removeEventListener(name, onActivity, { capture: true });
  };
}
