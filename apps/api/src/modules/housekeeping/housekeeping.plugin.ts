import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { countTotal, runHousekeeping, type HousekeepingCounts } from './housekeeping.service';

/** The first run waits this long after start (or one interval, if shorter), so start-up goes first. */
export const HOUSEKEEPING_FIRST_RUN_DELAY_MS = 30_000;

export interface HousekeepingService {
  /** Runs once now; null when another instance (or a run in progress) holds the lock. */
  runOnce(): Promise<HousekeepingCounts | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: HousekeepingService;
  }
}

export interface HousekeepingPluginOptions {
  /** Time between runs; 0 means no loop (runOnce only). Default: the config's housekeepingIntervalMs. */
  intervalMs?: number;
  /** Wait before the first run. Default: HOUSEKEEPING_FIRST_RUN_DELAY_MS, or intervalMs if shorter. */
  firstRunDelayMs?: number;
  clock?: () => Date;
}

/**
 * Runs housekeeping in the background: shortly after start, then every `intervalMs`. Runs never
 * overlap within one process; a failed run is logged and the next one comes on time.
 */
export class HousekeepingScheduler {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<HousekeepingCounts | null> | undefined;
  private abort = new AbortController();
  private active = false;

  constructor(
    private readonly options: {
      db: Db;
      log: FastifyBaseLogger;
      intervalMs: number;
      firstRunDelayMs: number;
      clock?: () => Date;
    },
  ) {}

  /** Starts the loop (no-op when intervalMs is 0). */
  start(): void {
    if (this.options.intervalMs <= 0 || this.active) {
      return;
    }
    this.active = true;
    this.abort = new AbortController();
    this.schedule(this.options.firstRunDelayMs);
  }

  /** Runs now, after the run in progress if there is one; logs what was removed. */
  async runOnce(): Promise<HousekeepingCounts | null> {
    while (this.current) {
      await this.current.catch(() => null);
    }
    const run = this.run();
    this.current = run;
    try {
      return await run;
    } finally {
      this.current = undefined;
    }
  }

  /** Stops the loop; the run in progress ends after its current batch, before the database closes. */
  async stop(): Promise<void> {
    this.active = false;
    this.abort.abort();
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => null);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    try {
      await this.runOnce();
    } catch (error) {
      this.options.log.error({ err: error }, 'falló la limpieza periódica de la base de datos');
    }
    if (this.active) {
      this.schedule(this.options.intervalMs);
    }
  }

  private async run(): Promise<HousekeepingCounts | null> {
    const { db, log } = this.options;
    const now = (this.options.clock ?? (() => new Date()))();
    const counts = await runHousekeeping({ db, now, signal: this.abort.signal });
    if (counts === null) {
      log.debug('limpieza periódica omitida: otra instancia la está haciendo');
    } else if (countTotal(counts) > 0) {
      log.info({ housekeeping: counts }, 'limpieza periódica de la base de datos');
    }
    return counts;
  }
}

/** Periodic housekeeping: starts when the app is ready, stops on close before the database closes. */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance, opts: HousekeepingPluginOptions) => {
    const intervalMs = opts.intervalMs ?? app.config.housekeepingIntervalMs;
    const scheduler = new HousekeepingScheduler({
      db: app.db,
      log: app.log,
      intervalMs,
      firstRunDelayMs: opts.firstRunDelayMs ?? Math.min(HOUSEKEEPING_FIRST_RUN_DELAY_MS, intervalMs),
      clock: opts.clock,
    });
    app.decorate('housekeeping', { runOnce: () => scheduler.runOnce() });
    app.addHook('onReady', async () => {
      scheduler.start();
    });
    // onClose hooks run in reverse order of registration: this one runs before the database's.
    app.addHook('onClose', async () => {
      await scheduler.stop();
    });
  },
  { name: 'housekeeping', dependencies: ['context'] },
);
