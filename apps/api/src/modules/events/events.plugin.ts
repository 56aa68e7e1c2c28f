import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PeriodicTask } from '../../lib/periodic-task';
import { EventDispatcher } from './dispatcher.service';
import type { EventSubscriber } from './subscriber';

export interface EventsService {
  /**
   * Delivers every due event now (after the pass in progress, if any); resolves to how many were
   * delivered. For tests and scripts: write requests and the background loop already deliver.
   */
  deliverDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventsService;
  }
}

export interface EventsPluginOptions {
  /** Every module's subscribers (app.ts lists them). */
  subscribers: readonly EventSubscriber[];
  clock?: () => Date;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Runs delivery passes one at a time in this process. A caller arriving while a pass runs gets the
 * next pass (one pass shared by every caller waiting), since the running one may have claimed
 * before the caller's events were committed.
 */
export class SerialPasses {
  private current: Promise<number> | undefined;
  private queued: Promise<number> | undefined;

  constructor(private readonly pass: () => Promise<number>) {}

  run(): Promise<number> {
    if (this.queued) {
      return this.queued;
    }
    if (!this.current) {
      return this.start();
    }
    const queued = this.current
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  /** Resolves once no pass runs or waits. */
  async idle(): Promise<void> {
    while (this.current || this.queued) {
      await (this.queued ?? this.current)?.catch(() => undefined);
    }
  }

  private start(): Promise<number> {
    const pass = this.pass().finally(() => {
      if (this.current === pass) {
        this.current = undefined;
      }
    });
    this.current = pass;
    return pass;
  }
}

/**
 * The domain events dispatcher (issue 19.3). Delivery happens:
 * - right after every write request, before its answer goes out, so the effects of the events it
 *   committed (a notification, the activity line, the gallery) are there when the client reads
 *   again; the answer never fails because of it (errors are logged, the event is retried);
 * - in the background every `events.pollMs`: events of a process that died after its commit, events
 *   committed on other instances, retries.
 * With `events.dispatch` off the instance writes events and delivers none.
 * The mail dispatcher is woken after every write request (the request or its events' subscribers
 * may have queued mail) and after a background pass that delivered something, so e-mails go out now
 * rather than at the next mail poll.
 */
export const eventsPlugin = fp(
  async (app: FastifyInstance, opts: EventsPluginOptions) => {
    const dispatcher = new EventDispatcher({
      db: app.db,
      subscribers: opts.subscribers,
      publicUrl: app.config.publicUrl,
      log: app.log,
      clock: opts.clock,
    });
    const stopping = new AbortController();
    const passes = new SerialPasses(() => dispatcher.deliverDue(stopping.signal));
    /** A pass; wakes the mail dispatcher when it delivered something (a subscriber may have queued mail). */
    const deliverDue = async () => {
      const delivered = await passes.run();
      if (delivered > 0) {
        app.mail.wake();
      }
      return delivered;
    };
    const background = new PeriodicTask({
      run: deliverDue,
      intervalMs: app.config.events.dispatch ? app.config.events.pollMs : 0,
      firstDelayMs: 0,
      log: app.log,
      failureMessage: 'no se pudieron entregar los eventos pendientes',
    });

    app.decorate('events', { deliverDue });

    if (app.config.events.dispatch) {
      app.addHook('onSend', async (request) => {
        if (!WRITE_METHODS.has(request.method)) {
          return;
        }
        try {
          await passes.run();
        } catch (error) {
          request.log.error({ err: error }, 'no se pudieron entregar los eventos de la petición');
        }
        // Also when nothing was delivered: the request itself may have queued mail (a recovery link).
        app.mail.wake();
      });
    } else {
      app.addHook('onSend', async (request) => {
        if (WRITE_METHODS.has(request.method)) {
          app.mail.wake();
        }
      });
    }

    app.addHook('onReady', async () => {
      background.start();
    });
    // A pass in progress stops after its current event: told before any onClose hook runs, as one
    // of those may wait for the database the event's transaction holds (the embedded database's
    // change notices) while the pass would go on to the next event.
    app.addHook('preClose', async () => {
      stopping.abort();
    });
    // onClose hooks run in reverse order of registration: this one runs before the mail
    // dispatcher's and the database's.
    app.addHook('onClose', async () => {
      await background.stop();
      await passes.idle();
    });
  },
  { name: 'events', dependencies: ['context', 'mail'] },
);
