import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDatabase, testConfig } from '../test/helpers';

describe('graceful close', () => {
  it('lets a request in flight finish with the database, closes its kept-alive connection, then closes the database', async () => {
    const fresh = await freshDatabase();
    const app = await buildApp({ config: testConfig(), database: fresh.database, logger: false });
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    // A route of this test instance only: it holds its answer until released, then uses the database.
    app.get('/api/v1/test/slow', async () => {
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { databaseAnswered: await app.database.ping() };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let raw = '';
    socket.on('data', (chunk: string) => {
      raw += chunk;
    });
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /api/v1/test/slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await inFlight;

    let appClosed = false;
    const closing = app.close().then(() => {
      appClosed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(appClosed).toBe(false);
    expect(await fresh.database.ping()).toBe(true);

    const startedAt = Date.now();
    release();
    await socketClosed;
    await closing;
    // Well under the 72 s keep-alive timeout: the answer ended the connection.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toMatch(/\r\nconnection: close\r\n/i);
    expect(raw.endsWith('{"databaseAnswered":true}')).toBe(true);
    expect(await fresh.database.ping()).toBe(false);
    await fresh.drop();
  });
});
