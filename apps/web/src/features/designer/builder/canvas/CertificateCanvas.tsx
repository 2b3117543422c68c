import { canvasSize, sampleRecipient } from '@laurel/certificate';
import { Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type Dispatch, type RefObject, useLayoutEffect, useMemo, useRef } from 'react';
import type { EngineFonts } from '../fonts/useEngineFonts.ts';
import type { EditorAction } from '../state/actions.ts';
import type { EditorState } from '../state/editor-state.ts';
import type { Room } from '../state/free-room.ts';
import classes from './CertificateCanvas.module.css';
import { useElementLayouts } from './element-layouts.ts';
import { LayoutItemView } from './LayoutItemView.tsx';
import { SelectionOverlay } from './SelectionOverlay.tsx';
import { usePixelSnap } from './usePixelSnap.ts';
import { ViewControls } from './ViewControls.tsx';
import { visibleRoom } from './visible-room.ts';

const FONTS_FAILED = 'The certificate fonts could not be loaded. Check your connection and reload.';

interface CertificateCanvasProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  fonts: EngineFonts;
  readOnly: boolean;
  editing: number | null;
  onEdit: (index: number | null) => void;
  /** Set to a function that tells what the user sees of the page, for placing new content there. */
  roomRef: RefObject<(() => Room | undefined) | null>;
}

/**
 * The certificate at true size (640 px wide, scaled only by the zoom) on a neutral stage. The element
 * marked certificate-canvas holds exactly what the layout engine produced, as the server renders it.
 */
export function CertificateCanvas({ state, dispatch, fonts, readOnly, editing, onEdit, roomRef }: CertificateCanvasProps) {
  const { width, height } = canvasSize(state.design.format, state.design.is_portrait);
  const sample = useMemo(() => (state.sample ? sampleRecipient(state.design) : undefined), [state.sample, state.design]);
  const layouts = useElementLayouts(state.design, state.side, fonts.provider, state.showHidden, sample);
  const stage = useRef<HTMLDivElement>(null);
  const frame = usePixelSnap<HTMLDivElement>(stage);
  useLayoutEffect(() => {
    roomRef.current = () =>
      stage.current && frame.current
        ? visibleRoom(stage.current, frame.current, state.zoom, width, fonts.provider ? layouts : null, state.showHidden)
        : undefined;
  });

  return (
    <div className={classes.wrap}>
      <div ref={stage} className={classes.stage} onPointerDown={() => editing === null && dispatch({ type: 'select', indices: [] })}>
        <div ref={frame} className={classes.frame} style={{ width: width * state.zoom, height: height * state.zoom }}>
          <div
            style={{
              ...(state.zoom === 1 ? {} : { transform: `scale(${state.zoom})`, transformOrigin: '0 0' }),
              position: 'relative',
              width,
              height,
            }}
          >
            <div
              data-testid="certificate-canvas"
              className={classes.canvas}
              style={{ width, height }}
              aria-label={`Certificate ${state.side} side`}
              aria-busy={fonts.loading}
              role="img"
            >
              {layouts.map(({ index, items, hidden }) =>
                editing === index ? null : (
                  <div key={index} style={hidden ? { opacity: 0.35 } : undefined}>
                    {items.map((item, n) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the engine lays out an element's items afresh on every change; their order is their identity
                      <LayoutItemView key={n} item={item} />
                    ))}
                  </div>
                ),
              )}
            </div>
            <SelectionOverlay state={state} layouts={layouts} dispatch={dispatch} readOnly={readOnly} editing={editing} onEdit={onEdit} />
            {!fonts.provider && (
              <Center className={classes.loading}>
                <Stack align="center" gap={6}>
                  {fonts.error ? (
                    <Text size="sm" c="red.7">
                      {FONTS_FAILED}
                    </Text>
                  ) : (
                    <>
                      <Loader size="sm" />
                      <Text size="sm" c="dimmed">
                        Loading fonts…
                      </Text>
                    </>
                  )}
                </Stack>
              </Center>
            )}
          </div>
        </div>
      </div>
      {fonts.provider && (fonts.loading || fonts.error) && (
        // The design's first faces are in and drawn; the rest follow without holding the canvas up.
        <Paper className={classes.fontStatus} shadow="xs" radius="xl" withBorder role="status">
          {fonts.error ? (
            <Text size="xs" c="red.7">
              {FONTS_FAILED}
            </Text>
          ) : (
            <Group gap={6} wrap="nowrap">
              <Loader size={12} />
              <Text size="xs" c="dimmed">
                Loading fonts…
              </Text>
            </Group>
          )}
        </Paper>
      )}
      <ViewControls state={state} dispatch={dispatch} />
    </div>
  );
}
