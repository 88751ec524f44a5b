/** The time of each stage of the run, printed at its end (run.ts), so that a slow run says where it went. */
export class Stages {
  private readonly timed: { name: string; seconds: number }[] = [];
  private readonly started = Date.now();

  async time<T>(name: string, body: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await body();
    } finally {
      this.timed.push({ name, seconds: (Date.now() - started) / 1000 });
    }
  }

  report(): string {
    const width = Math.max(...this.timed.map((stage) => stage.name.length));
    const lines = this.timed.map((stage) => `  ${stage.name.padEnd(width)}  ${stage.seconds.toFixed(1).padStart(6)}s`);
    return [`end-to-end: ${((Date.now() - this.started) / 1000).toFixed(1)}s in all`, ...lines].join('\n');
  }
}
