import type { SKRSContext2D } from '@napi-rs/canvas';

/** The 2D context every piece of art is drawn on. */
export type Ctx = SKRSContext2D;
