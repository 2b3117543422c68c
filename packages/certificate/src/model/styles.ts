/** Reads "175px" or "175" as 175; other units are not produced by the builder and read as undefined. */
export function pxValue(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(-?\d+(?:\.\d+)?)(px)?\s*$/.exec(value);
  return m ? Number(m[1]) : undefined;
}
