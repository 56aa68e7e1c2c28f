import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningAddress, runServer } from './test/server-process';

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

describe('server process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-server-'));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops at start-up with exit code 1 and a clear Spanish message on a bad setting', async () => {
    const server = runServer({ DATA_DIR: dataDir, PORT: 'tres mil', SMTP_URL: 'http://correo' });
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Configuración inválida:');
    expect(server.output()).toMatch(/ {2}PORT: Entrada inválida/);
    expect(server.output()).toContain('SMTP_URL: debe empezar con smtp:// o smtps://');
    // A message for a person, not a stack trace.
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('on SIGTERM stops accepting connections, finishes the request in flight, closes the database and exits 0', async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false', WEB_DIST: path.join(dataDir, 'no-web') };
    const server = runServer(env);
    const address = await listeningAddress(server);
    const port = Number(address.port);
    const ready = await fetch(new URL('/api/v1/ready', address));
    expect(ready.status).toBe(200);

    // A login whose body arrives in two parts: the request is in flight while the signal lands.
    const body = JSON.stringify({ email: 'nadie@fics.test', password: 'no-es-la-clave' });
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let answer = '';
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    const answered = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.child.exitCode).toBeNull();
    expect(await connectionRefused(port)).toBe(true);

    socket.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      type: 'UNAUTHORIZED',
      message: 'Datos incorrectos',
    });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('cerrando');

    // The embedded database was closed cleanly: the same DATA_DIR starts again.
    const again = runServer(env);
    const againAddress = await listeningAddress(again);
    expect((await fetch(new URL('/api/v1/ready', againAddress))).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);
});
