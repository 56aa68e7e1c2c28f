import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PeriodicTask } from '../../lib/periodic-task';
import { runPrivacyDeadlines, type DeadlineCounts } from './privacy-requests.service';

declare module 'fastify' {
  interface FastifyInstance {
    privacyDeadlines: { runOnce(): Promise<DeadlineCounts> };
  }
}

/**
 * Runs the deadlines job (runPrivacyDeadlines) on the housekeeping interval: the week's warnings
 * and the removal of requests never confirmed. Safe on several instances: the warning is a
 * conditional update, the removal a plain delete of expired rows.
 */
export const privacyDeadlinesPlugin = fp(
  async (app: FastifyInstance, opts: { intervalMs?: number; clock?: () => Date }) => {
    const intervalMs = opts.intervalMs ?? app.config.housekeepingIntervalMs;
    const clock = opts.clock ?? (() => new Date());
    const task = new PeriodicTask<DeadlineCounts>({
      run: () => runPrivacyDeadlines({ db: app.db, now: clock() }),
      intervalMs,
      firstDelayMs: Math.min(30_000, intervalMs),
      log: app.log,
      failureMessage: 'falló la revisión de plazos de las solicitudes de datos personales',
    });
    app.decorate('privacyDeadlines', { runOnce: () => task.runNow() });
    app.addHook('onReady', async () => {
      task.start();
    });
    app.addHook('onClose', async () => {
      await task.stop();
    });
  },
  { name: 'privacy-deadlines', dependencies: ['context'] },
);
