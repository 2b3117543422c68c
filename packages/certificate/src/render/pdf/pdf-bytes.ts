/**
 * A PDF file's bytes as they are written: objects one after another, each one's offset kept for the
 * cross-reference table. Text goes in as one byte a character (pdf-syntax.ts writes only ASCII) and is
 * joined lazily; streams and cached parts go in as bytes.
 */
export class PdfBytes {
  private parts: Buffer[] = [];
  private pending = '';
  private flushedLength = 0;
  /** Byte offset of each object by number; 0 for object 0, which is always free. */
  readonly offsets: number[] = [0];

  get length(): number {
    return this.flushedLength + this.pending.length;
  }

  text(text: string): void {
    this.pending += text;
  }

  bytes(bytes: Buffer): void {
    this.flush();
    this.parts.push(bytes);
    this.flushedLength += bytes.length;
  }

  /** Object `number`: a dictionary of `entries` ("/Type /Page /Parent 3 0 R ..."), with a stream if given. */
  object(number: number, entries: string, stream?: Buffer): void {
    this.offsets[number] = this.length;
    if (!stream) {
      this.pending += `${number} 0 obj\n<< ${entries} >>\nendobj\n`;
      return;
    }
    this.pending += `${number} 0 obj\n<< ${entries} /Length ${stream.length} >>\nstream\n`;
    this.bytes(stream);
    this.pending += '\nendstream\nendobj\n';
  }

  /**
   * Objects written beforehand (`parts`, the `written()` of another PdfBytes), whose offsets within them are
   * `blockOffsets`, object 1 onwards: a design's fonts and images, the same in every document of a batch.
   */
  block(parts: readonly Buffer[], blockOffsets: readonly number[]): void {
    const start = this.length;
    for (let i = 0; i < blockOffsets.length; i++) this.offsets[i + 1] = start + blockOffsets[i]!;
    for (const part of parts) this.bytes(part);
  }

  /** What was written, as the buffers it was given: a stream's bytes are not copied. */
  written(): readonly Buffer[] {
    this.flush();
    return this.parts;
  }

  /** Ends the file with its cross-reference table and trailer, and answers its bytes. */
  finish(trailer: string): Buffer {
    const xrefAt = this.length;
    const count = this.offsets.length;
    let xref = `xref\n0 ${count}\n0000000000 65535 f \n`;
    for (let i = 1; i < count; i++) {
      const offset = this.offsets[i];
      if (offset === undefined) throw new Error(`PDF object ${i} was never written`);
      xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
    }
    this.pending += `${xref}trailer\n<< /Size ${count} ${trailer} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    this.flush();
    return Buffer.concat(this.parts, this.flushedLength);
  }

  private flush(): void {
    if (this.pending === '') return;
    const bytes = Buffer.from(this.pending, 'latin1');
    this.parts.push(bytes);
    this.flushedLength += bytes.length;
    this.pending = '';
  }
}
