import type { Config } from '../config';

/** Configuration for an app under test or benchmark: no listener, no mail loop, no flood limit. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent-test-data-dir',
    databaseUrl: undefined,
    publicUrl: 'http://localhost:3000',
    jwtSecret: TEST_JWT_SECRET,
    smtpUrl: undefined,
    mailFrom: 'Fics <no-responder@fics.cl>',
    contactEmail: 'contacto@fics.cl',
    redisUrl: undefined,
    bootstrapAdmin: undefined,
    seedDemo: false,
    logLevel: 'silent',
    webDist: '/nonexistent-web-dist',
    trustProxy: false,
    mailPollMs: 0,
    housekeepingIntervalMs: 0,
    // Write requests still deliver their events before answering; no background loop.
    events: { pollMs: 0, dispatch: true },
    // Tests of the request limits turn them on; elsewhere they would count every inject from 127.0.0.1.
    sessionIdleMs: 7 * 24 * 60 * 60 * 1000,
    rateLimits: { perUserPerMinute: 0, perAddressPerMinute: 0 },
    // No third-party map in tests: nothing may depend on a network they do not have.
    map: { tileUrl: null, attribution: '', geocoderUrl: null, geocoderAutocomplete: false },
    ...overrides,
  };
}
