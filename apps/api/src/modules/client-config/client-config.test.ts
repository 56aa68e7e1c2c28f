import { afterEach, describe, expect, it } from 'vitest';
import type { ClientConfig } from '@fics/contracts';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { cspSourceOf } from './client-config.routes';

/** 'a x;b y' → { a: 'x', b: 'y' } */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/ (.*)/s))
      .map(([name = '', value = '']) => [name, value]),
  );
}

describe('GET /client-config and the map provider', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('tells the browser there is no map or place search when none is configured, centred on Santiago', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ClientConfig>()).toEqual({
      map: {
        tileUrl: null,
        attribution: '',
        geocoderUrl: null,
        geocoderAutocomplete: false,
        center: { lat: -33.45694, lng: -70.64827 },
        zoom: 10,
      },
      contactEmail: 'contacto@fics.cl',
    });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['img-src']).toBe("'self' data: blob:");
    expect(csp['connect-src']).toBe("'self'");
  });

  it('passes a configured provider on and admits exactly its origins in the page policy', async () => {
    t = await buildTestApp({
      map: {
        tileUrl: 'https://{s}.tiles.example.cl/{z}/{x}/{y}.png',
        attribution: 'Mapas Ejemplo',
        geocoderUrl: 'https://geo.example.cl/search',
        geocoderAutocomplete: true,
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.json<ClientConfig>().map).toMatchObject({
      tileUrl: 'https://{s}.tiles.example.cl/{z}/{x}/{y}.png',
      geocoderUrl: 'https://geo.example.cl/search',
      geocoderAutocomplete: true,
    });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['img-src']).toBe("'self' data: blob: https://*.tiles.example.cl");
    expect(csp['connect-src']).toBe("'self' https://geo.example.cl");
  });

  it('gives the configured contact e-mail for the terms and privacy page', async () => {
    t = await buildTestApp({ contactEmail: 'privacidad@fundacion.example.cl' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ClientConfig>().contactEmail).toBe('privacidad@fundacion.example.cl');
  });

  it('turns URL templates into CSP sources', () => {
    expect(cspSourceOf(null)).toEqual([]);
    expect(cspSourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://tile.openstreetmap.org',
    ]);
    expect(cspSourceOf('http://{s}.maps.local:8080/{z}/{x}/{y}.png')).toEqual(['http://*.maps.local:8080']);
  });
});
