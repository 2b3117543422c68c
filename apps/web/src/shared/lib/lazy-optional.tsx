import { type ComponentType, lazy } from 'react';

const Nothing = () => null;

/**
 * A component whose code loads on its first render, for a part the page can do without: should the load
 * fail (a dropped connection), it renders nothing instead of taking the page down with an error.
 */
export function lazyOptional<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: Nothing as ComponentType<P> }),
    ),
  );
}
