import net from 'node:net';

/**
 * The Redis the Redis-backed tests use. With TEST_REDIS_URL set (CI sets it) those tests must run and
 * fail if Redis is down; without it they run when a Redis answers on the default local port and are
 * left out otherwise, so `npm test` stays green on a machine that has no Redis.
 */
export async function testRedisUrl(): Promise<string | null> {
  const configured = process.env.TEST_REDIS_URL;
  if (configured) {
    return configured;
  }
  const fallback = 'redis://127.0.0.1:6379';
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
  if (!reachable) {
    console.warn(
      'Redis no responde en 127.0.0.1:6379: se omiten las pruebas con Redis (TEST_REDIS_URL las exige).',
    );
  }
  return reachable ? fallback : null;
}
