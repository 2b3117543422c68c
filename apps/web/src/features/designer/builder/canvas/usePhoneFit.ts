import { canvasSize, type PageFormat } from '@laurel/certificate';
import { useMediaQuery } from '@mantine/hooks';
import { type Dispatch, useEffect } from 'react';
import type { EditorAction } from '../state/actions.ts';

/** Where the editor turns into one column (BuilderScreen.module.css says the same). */
export const PHONE_QUERY = '(max-width: 48em)';
/** The stage's padding on a phone, left and right together. */
const PHONE_STAGE_PADDING = 24;

/**
 * On a phone the certificate starts fitted to the screen's width, so the whole page is in view; the zoom
 * buttons still step from there. A wider screen keeps the zoom the user chose.
 */
export function usePhoneFit(format: PageFormat, portrait: boolean, dispatch: Dispatch<EditorAction>): boolean {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const { width } = canvasSize(format, portrait);
  useEffect(() => {
    if (!phone) return;
    const fit = Math.floor(((window.innerWidth - PHONE_STAGE_PADDING) / width) * 100) / 100;
    dispatch({ type: 'setZoom', zoom: Math.min(1, Math.max(0.25, fit)) });
  }, [phone, width, dispatch]);
  return phone;
}
