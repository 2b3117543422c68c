import type { ROUTES } from '@laurel/domain';
import type { ComponentType } from 'react';

/** Every path of spec 1 §2, as listed in the shared ROUTES. */
export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES][number];

export type LayoutKey = 'auth' | 'app' | 'account' | 'store' | 'portal' | 'credentials' | 'public';

export interface PageDef {
  layout: LayoutKey;
  /** The document title. */
  title: string;
  Page: ComponentType;
}
