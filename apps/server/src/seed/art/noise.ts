import { seededRandom } from './random.ts';

/** Smooth 2D value noise with fractal octaves: the base of marble veins and watercolour edges. */
export function fractalNoise(seed: number): (x: number, y: number, octaves?: number) => number {
  const random = seededRandom(seed);
  const size = 256;
  const values = Float32Array.from({ length: size * size }, () => random());
  const at = (x: number, y: number) => values[(y & (size - 1)) * size + (x & (size - 1))]!;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const value = (x: number, y: number) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const tx = smooth(x - xi);
    const ty = smooth(y - yi);
    const top = at(xi, yi) + (at(xi + 1, yi) - at(xi, yi)) * tx;
    const bottom = at(xi, yi + 1) + (at(xi + 1, yi + 1) - at(xi, yi + 1)) * tx;
    return top + (bottom - top) * ty;
  };
  return (x, y, octaves = 5) => {
    let sum = 0;
    let amplitude = 0.5;
    let frequency = 1;
    let norm = 0;
    for (let o = 0; o < octaves; o++) {
      sum += value(x * frequency, y * frequency) * amplitude;
      norm += amplitude;
      amplitude *= 0.5;
      frequency *= 2;
    }
    return sum / norm;
  };
}
