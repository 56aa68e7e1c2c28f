import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Graceful close: once `app.close()` begins, answers to requests still in flight carry
 * `Connection: close`, so their kept-alive sockets end with the answer instead of holding the close
 * open until the idle timeout. The database closes only after the last of them (see app.ts).
 */
export const shutdownPlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) {
        void reply.header('connection', 'close');
      }
    });
  },
  { name: 'shutdown' },
);
