/** ArrayBuffer.prototype.transfer (ES2024), which the project's TypeScript library setting does not declare yet. */
interface TransferableArrayBuffer extends ArrayBuffer {
  transfer(newLength?: number): ArrayBuffer;
}

/**
 * Frees a rendered file's bytes now instead of at the next garbage collection, and answers whether it did.
 *
 * A file that arrives from a render worker is memory outside the receiving thread's JavaScript heap, and V8 counts
 * it towards that thread's next full collection: a thread receiving a thousand 200 KB PDFs a second collected its
 * whole heap about ten times a second, spending 30-50% of its time there while the workers waited for it (see
 * docs/decisions/0074-pooled-files-freed-when-used.md). Detaching the buffer returns the memory and its count at
 * once, so a consumer that is done with a file (stored, hashed and handed to SMTP) calls this.
 *
 * Only a buffer that owns all of its memory is freed; a view into a larger buffer (Node's small-buffer slab, a
 * slice) is left alone. Afterwards the buffer reads as empty: call it only when nothing else holds the bytes.
 */
export function releaseFileMemory(bytes: Uint8Array): boolean {
  const memory = bytes.buffer;
  if (!(memory instanceof ArrayBuffer) || bytes.byteOffset !== 0 || bytes.byteLength !== memory.byteLength) return false;
  (memory as TransferableArrayBuffer).transfer(0);
  return true;
}
