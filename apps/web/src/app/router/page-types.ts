import type { ROUTES } from '@laurel/domain';
import type { ComponentType } from 'react';

/** Every path of docs/product/access-and-routes.md#screens, as listed in the shared ROUTES. */
export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES][number];

export type LayoutKey = 'auth' | 'app' | 'account' | 'store' | 'portal' | 'credentials' | 'public';

/** A screen whose code is loaded on first use (see pages.tsx); `preload` fetches it ahead of that. */
export type LazyScreen = ComponentType & { preload(): Promise<unknown> };

export interface PageDef {
  layout: LayoutKey;
  /** The document title. */
  title: string;
  /** The screen; lazily loaded, so each area's code comes in its own chunks. */
  Page: LazyScreen;
}
