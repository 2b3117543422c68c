/**
 * Why a certificate could not be rendered, when the reason lies in the design or in the limits a render
 * runs within rather than in the code: the message is written for the person who made the design.
 */
export type RenderErrorCode =
  /** An image is wider or taller than allowed, or would decode to more memory than allowed. */
  | 'image_too_large'
  /** An image's bytes are not an image format the renderer reads. */
  | 'image_unreadable'
  /** The render ran past its time limit. */
  | 'render_timeout'
  /** The render ran past its memory ceiling. */
  | 'render_memory';

export class RenderError extends Error {
  override readonly name = 'RenderError';

  constructor(
    readonly code: RenderErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const isRenderError = (error: unknown): error is RenderError => error instanceof RenderError;
