/** How many API calls are in flight, for the loading bar; a tiny store React reads with useSyncExternalStore. */
let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function trackRequest<T>(promise: Promise<T>): Promise<T> {
  inFlight += 1;
  emit();
  return promise.finally(() => {
    inFlight -= 1;
    emit();
  });
}

export function subscribeToRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function requestsInFlight(): number {
  return inFlight;
}
