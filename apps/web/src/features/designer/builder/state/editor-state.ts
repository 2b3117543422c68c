import { type CertificateDesign, type DesignSide, newDesign } from '@laurel/certificate';
import { emptyHistory, type History } from './history.ts';

export interface EditorState {
  design: CertificateDesign;
  side: DesignSide;
  /** Indices into the current side's element list. */
  selection: number[];
  history: History;
  /** Any content change since the last load or save (docs/product/builder.md#flows dirty flag). */
  dirty: boolean;
  showHidden: boolean;
  guides: boolean;
  /** The canvas shows a made-up recipient instead of the merge fields; a view only, never part of the design. */
  sample: boolean;
  zoom: number;
  /** The design when a drag or resize began: live updates apply to it, and the history records it once. */
  gestureBase: CertificateDesign | null;
}

export const initialEditorState = (design: CertificateDesign = newDesign()): EditorState => ({
  design,
  side: 'front',
  selection: [],
  history: emptyHistory(),
  dirty: false,
  showHidden: false,
  guides: false,
  sample: false,
  zoom: 1,
  gestureBase: null,
});
