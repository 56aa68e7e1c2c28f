import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { PeriodicTask } from '../../lib/periodic-task';
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
  private readonly task: PeriodicTask<HousekeepingCounts | null>;

  constructor(
    private readonly options: {
      db: Db;
      log: FastifyBaseLogger;
      intervalMs: number;
      firstRunDelayMs: number;
      clock?: () => Date;
    },
  ) {
    this.task = new PeriodicTask({
      run: (signal) => this.run(signal),
      intervalMs: options.intervalMs,
      firstDelayMs: options.firstRunDelayMs,
      log: options.log,
      failureMessage: 'falló la limpieza periódica de la base de datos',
    });
  }

  /** Starts the loop (no-op when intervalMs is 0). */
  start(): void {
    this.task.start();
  }

  /** Runs now, after the run in progress if there is one; logs what was removed. */
  runOnce(): Promise<HousekeepingCounts | null> {
    return this.task.runNow();
  }

  /** Stops the loop; the run in progress ends after its current batch, before the database closes. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  private async run(signal: AbortSignal): Promise<HousekeepingCounts | null> {
    const { db, log } = this.options;
    const now = (this.options.clock ?? (() => new Date()))();
    const counts = await runHousekeeping({ db, now, signal });
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
