import type { FastifyBaseLogger } from 'fastify';

/** What a PeriodicTask runs, how often, and what it logs when a background run fails. */
export interface PeriodicTaskOptions<T> {
  /** One run; it should end early (keeping what it did) once `signal` is aborted by stop(). */
  run: (signal: AbortSignal) => Promise<T>;
  /** Time between the end of one background run and the start of the next; 0 means no loop. */
  intervalMs: number;
  /** Wait before the first background run after start(). */
  firstDelayMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Logged (with the error) when a background run fails; the loop goes on. */
  failureMessage: string;
}

/**
 * A background loop around one async job: runs never overlap within the process, timers are unref'd,
 * a failed background run is logged and the next one comes on time, and stop() aborts and waits.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<T> | undefined;
  private rerun = false;
  private active = false;
  private controller = new AbortController();

  constructor(private readonly options: PeriodicTaskOptions<T>) {}

  /** Starts the loop: the first run after firstDelayMs (no-op when intervalMs is 0 or already started). */
  start(): void {
    if (this.options.intervalMs <= 0 || this.active) {
      return;
    }
    this.active = true;
    if (this.controller.signal.aborted) {
      this.controller = new AbortController();
    }
    this.schedule(this.options.firstDelayMs);
  }

  /** Runs soon instead of at the next interval: now, or right after the run in progress (loop only). */
  wake(): void {
    if (!this.active) {
      return;
    }
    if (this.current) {
      this.rerun = true;
      return;
    }
    this.schedule(0);
  }

  /** Runs now, after the run in progress if there is one; resolves or rejects with this run's result. */
  async runNow(): Promise<T> {
    while (this.current) {
      await this.current.catch(() => undefined);
    }
    return this.launch();
  }

  /** Stops the loop: aborts the signal, clears the timer and waits for the run in progress. */
  async stop(): Promise<void> {
    this.active = false;
    this.rerun = false;
    this.controller.abort();
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.current) {
      await this.current.catch(() => undefined);
    }
  }

  private async launch(): Promise<T> {
    const run = this.invoke(this.controller.signal);
    this.current = run;
    try {
      return await run;
    } finally {
      this.current = undefined;
      if (this.rerun) {
        this.rerun = false;
        if (this.active) {
          this.schedule(0);
        }
      }
    }
  }

  /** Turns a synchronous throw of `run` into a rejection. */
  private async invoke(signal: AbortSignal): Promise<T> {
    return this.options.run(signal);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    while (this.current) {
      await this.current.catch(() => undefined);
    }
    // Stopped (or woken again) while waiting for another run: that one decides what comes next.
    if (!this.active || this.timer) {
      return;
    }
    try {
      await this.launch();
    } catch (error) {
      this.options.log.error({ err: error }, this.options.failureMessage);
    }
    // A wake during the run, or a stop and start, has already set the next timer.
    if (this.active && !this.timer) {
      this.schedule(this.options.intervalMs);
    }
  }
}
