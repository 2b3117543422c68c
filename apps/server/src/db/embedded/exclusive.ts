/** A first-come, first-served lock: `acquire` resolves when every earlier holder has released. */
export class Exclusive {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}
