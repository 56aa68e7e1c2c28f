import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailDispatcher } from './dispatcher.service';
import { createLogTransport, createSmtpTransport, type MailTransport } from './mail-transport';

export interface MailService {
  /** Sends every due outbox message now; resolves to how many were delivered. */
  dispatchOnce(): Promise<number>;
  /**
   * Asks the background loop to send soon; call it after the transaction that queued mail has
   * committed. Does nothing when the loop is off (MAIL poll interval 0, as in tests).
   */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export interface MailPluginOptions {
  /** Use this transport instead of SMTP_URL (or the log). */
  transport?: MailTransport;
}

/** The outbox dispatcher: starts when the app is ready, stops on close before the database closes. */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: MailPluginOptions) => {
    const transport =
      opts.transport ??
      (app.config.smtpUrl
        ? createSmtpTransport({ url: app.config.smtpUrl, from: app.config.mailFrom })
        : createLogTransport(app.log));
    const dispatcher = new MailDispatcher({
      db: app.db,
      transport,
      log: app.log,
      pollMs: app.config.mailPollMs,
    });
    app.decorate('mail', {
      dispatchOnce: () => dispatcher.dispatchOnce(),
      wake: () => dispatcher.wake(),
    });
    app.addHook('onReady', async () => {
      dispatcher.start();
    });
    // onClose hooks run in reverse order of registration: this one runs before the database's.
    app.addHook('onClose', async () => {
      await dispatcher.stop();
      if (!opts.transport) {
        transport.close();
      }
    });
  },
  { name: 'mail', dependencies: ['context'] },
);
