import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config';

/** 256 random bits in hex, as `openssl rand -hex 32` gives them. */
const SECRET = randomBytes(32).toString('hex');
/** The least a production environment needs. */
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: SECRET, SMTP_URL: 'smtp://smtp.example.cl:587' };

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('starts from the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.join(repoRoot, 'data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      jwtSecret: undefined,
      smtpUrl: undefined,
      contactEmail: 'contacto@fics.cl',
      redisUrl: undefined,
      bootstrapAdmin: undefined,
      seedDemo: undefined,
      logLevel: 'info',
      webDist: path.join(repoRoot, 'apps/web/dist'),
      trustProxy: false,
      rateLimits: { perUserPerMinute: 600, perAddressPerMinute: 30_000 },
      events: { pollMs: 1000, dispatch: true },
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '&copy; colaboradores de OpenStreetMap',
        geocoderUrl: 'https://nominatim.openstreetmap.org/search',
        geocoderAutocomplete: false,
      },
    });
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/fics',
      DATABASE_URL: 'postgres://fics:clave@db:5432/fics',
      PUBLIC_URL: 'https://fics.example.cl/',
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtps://usuario:clave@smtp.example.cl:465',
      MAIL_FROM: 'Fics <hola@fics.example.cl>',
      CONTACT_EMAIL: 'privacidad@fics.example.cl',
      REDIS_URL: 'redis://cache:6379',
      BOOTSTRAP_ADMIN_EMAIL: 'Admin@Fics.Example.cl',
      BOOTSTRAP_ADMIN_PASSWORD: 'una-clave-larga',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/srv/web',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback',
      RATE_LIMIT_PER_USER_PER_MINUTE: '120',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '5000',
      MAP_TILE_URL: 'https://{s}.tiles.example.cl/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'Mapas Ejemplo',
      MAP_GEOCODER_URL: 'off',
      MAP_GEOCODER_AUTOCOMPLETE: 'true',
      EVENTS_POLL_MS: '250',
      EVENTS_DISPATCH: 'off',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/fics',
      databaseUrl: 'postgres://fics:clave@db:5432/fics',
      // The trailing slash goes, so links are built as `${publicUrl}/password-recovery/...`.
      publicUrl: 'https://fics.example.cl',
      jwtSecret: SECRET,
      smtpUrl: 'smtps://usuario:clave@smtp.example.cl:465',
      mailFrom: 'Fics <hola@fics.example.cl>',
      contactEmail: 'privacidad@fics.example.cl',
      redisUrl: 'redis://cache:6379',
      bootstrapAdmin: { email: 'admin@fics.example.cl', password: 'una-clave-larga' },
      seedDemo: false,
      logLevel: 'warn',
      webDist: '/srv/web',
      trustProxy: ['10.0.0.0/8', '192.168.1.7', 'loopback'],
      rateLimits: { perUserPerMinute: 120, perAddressPerMinute: 5000 },
      events: { pollMs: 250, dispatch: false },
      map: {
        tileUrl: 'https://{s}.tiles.example.cl/{z}/{x}/{y}.png',
        attribution: 'Mapas Ejemplo',
        geocoderUrl: null,
        geocoderAutocomplete: true,
      },
    });
  });

  it('builds PUBLIC_URL from PORT when unset and resolves relative paths from the repository root', () => {
    const config = loadConfig({ PORT: '3200', DATA_DIR: 'tmp/datos' });
    expect(config.publicUrl).toBe('http://localhost:3200');
    expect(config.dataDir).toBe(path.join(repoRoot, 'tmp/datos'));
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '', SEED_DEMO: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.seedDemo).toBeUndefined();
  });

  it('reads yes/no style booleans', () => {
    expect(loadConfig({ SEED_DEMO: 'yes' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'no' }).seedDemo).toBe(false);
  });

  it('refuses a bad value with a Spanish message naming the variable', () => {
    const message = configError({ PORT: 'tres mil' });
    expect(message).toMatch(/^Configuración inválida:\n {2}PORT: /);
    expect(message).toContain('se esperaba número');
    expect(configError({ PORT: '70000' })).toMatch(/PORT: .*65535/);
    expect(configError({ SEED_DEMO: 'quizás' })).toMatch(/SEED_DEMO: /);
    expect(configError({ LOG_LEVEL: 'verbose' })).toMatch(/LOG_LEVEL: /);
    expect(configError({ NODE_ENV: 'staging' })).toMatch(/NODE_ENV: /);
    expect(configError({ EVENTS_POLL_MS: '-1' })).toMatch(/EVENTS_POLL_MS: /);
    expect(configError({ EVENTS_POLL_MS: 'un segundo' })).toMatch(/EVENTS_POLL_MS: /);
    expect(configError({ EVENTS_DISPATCH: 'no' })).toMatch(/EVENTS_DISPATCH: /);
  });

  it('trusts only the proxies TRUST_PROXY names, never every client', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2001:db8::/32' }).trustProxy).toEqual(['2001:db8::/32']);
    expect(configError({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: indica las direcciones o rangos CIDR/);
    expect(configError({ TRUST_PROXY: '10.0.0.0/33' })).toContain(
      'TRUST_PROXY: "10.0.0.0/33" no es una dirección IP, un rango CIDR',
    );
    expect(configError({ TRUST_PROXY: 'proxy.example.cl' })).toContain(
      '"proxy.example.cl" no es una dirección IP',
    );
  });

  it('refuses URLs of the wrong kind with the expected scheme in the message', () => {
    expect(configError({ DATABASE_URL: 'mysql://db/fics' })).toContain(
      'DATABASE_URL: debe empezar con postgres://',
    );
    expect(configError({ SMTP_URL: 'http://smtp' })).toContain(
      'SMTP_URL: debe empezar con smtp:// o smtps://',
    );
    expect(configError({ REDIS_URL: 'memcached://x' })).toContain('REDIS_URL: debe empezar con redis://');
    expect(configError({ PUBLIC_URL: 'no es una url' })).toMatch(/PUBLIC_URL: /);
    expect(configError({ CONTACT_EMAIL: 'contacto' })).toContain(
      'CONTACT_EMAIL: debe ser una dirección de correo',
    );
  });

  it('lists every bad variable at once', () => {
    const message = configError({ PORT: 'x', SMTP_URL: 'http://smtp', JWT_SECRET: 'corta' });
    expect(message).toContain('PORT: ');
    expect(message).toContain('SMTP_URL: ');
    expect(message).toContain('JWT_SECRET: debe tener al menos 32 caracteres');
  });

  it('requires JWT_SECRET and SMTP_URL and forbids demo data in production, listing every problem', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ env: 'production', jwtSecret: SECRET, seedDemo: false });
    expect(configError({ NODE_ENV: 'production' })).toBe(
      'Configuración inválida:\n' +
        '  JWT_SECRET: es obligatorio con NODE_ENV=production\n' +
        '  SMTP_URL: es obligatorio con NODE_ENV=production (sin él, los enlaces de recuperación e invitación quedarían en el registro)',
    );
    expect(configError({ ...PRODUCTION, SMTP_URL: '' })).toMatch(
      /^Configuración inválida:\n {2}SMTP_URL: es obligatorio con NODE_ENV=production/,
    );
    expect(configError({ ...PRODUCTION, SEED_DEMO: 'true' })).toBe(
      'Configuración inválida:\n  SEED_DEMO: no se permite con NODE_ENV=production',
    );
  });

  it('takes in production only a JWT_SECRET of 256 random bits in hex or base64', () => {
    const accepted = [
      randomBytes(32).toString('hex'),
      randomBytes(64).toString('hex').toUpperCase(),
      randomBytes(32).toString('base64'),
      randomBytes(32).toString('base64url'),
      randomBytes(48).toString('base64'),
    ];
    for (const secret of accepted) {
      expect(loadConfig({ ...PRODUCTION, JWT_SECRET: secret }).jwtSecret).toBe(secret);
    }
    const refused: [string, RegExp][] = [
      // Too short: 63 hex characters, 42 of base64 (31 bytes).
      [randomBytes(32).toString('hex').slice(1), /hexadecimal debe tener al menos 64 caracteres/],
      [randomBytes(31).toString('base64url'), /base64 debe tener al menos 44 caracteres/],
      // Neither hex nor base64.
      ['una frase secreta muy larga que nadie adivinaria jamas', /hexadecimal o base64/],
      // Long enough but obviously not random.
      ['x'.repeat(64), /no parece aleatorio/],
      ['0'.repeat(63) + '1', /no parece aleatorio/],
      ['ab'.repeat(40), /no parece aleatorio/],
      ['deadbeef'.repeat(8), /no parece aleatorio/],
      ['changeme'.repeat(6), /no parece aleatorio/],
      ['0123456789abcdef'.repeat(4), /no parece aleatorio/],
      ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', /no parece aleatorio/],
      ['estaeslaclavesecretadelservidordefics2024chile', /no parece aleatorio/],
    ];
    for (const [secret, problem] of refused) {
      const message = configError({ ...PRODUCTION, JWT_SECRET: secret });
      expect(message, secret).toMatch(/^Configuración inválida:\n {2}JWT_SECRET: /);
      expect(message, secret).toMatch(problem);
      expect(message, secret).toContain('openssl rand -hex 32');
    }
    // Outside production the old rule stands: 32 characters or more.
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('refuses a bootstrap administrator password that is common or the e-mail', () => {
    const admin = { BOOTSTRAP_ADMIN_EMAIL: 'directora@colegio.cl' };
    expect(configError({ ...admin, BOOTSTRAP_ADMIN_PASSWORD: 'Butterfly' })).toBe(
      'Configuración inválida:\n  BOOTSTRAP_ADMIN_PASSWORD: Esta contraseña es demasiado común, elige una más difícil de adivinar',
    );
    expect(configError({ ...admin, BOOTSTRAP_ADMIN_PASSWORD: 'Directora@Colegio.cl' })).toBe(
      'Configuración inválida:\n  BOOTSTRAP_ADMIN_PASSWORD: La contraseña no puede ser tu email ni tu nombre, elige una más difícil de adivinar',
    );
    expect(configError({ ...admin, BOOTSTRAP_ADMIN_PASSWORD: 'directora' })).toContain(
      'no puede ser tu email',
    );
    // Easy to guess with the Spanish dictionaries (issue 18 point 9), though on no breach list.
    expect(configError({ ...admin, BOOTSTRAP_ADMIN_PASSWORD: 'estrellita' })).toMatch(
      /^Configuración inválida:\n {2}BOOTSTRAP_ADMIN_PASSWORD: Esta contraseña es fácil de adivinar\. /,
    );
    expect(loadConfig({ ...admin, BOOTSTRAP_ADMIN_PASSWORD: 'tiza-verde-2024' }).bootstrapAdmin).toEqual({
      email: 'directora@colegio.cl',
      password: 'tiza-verde-2024',
    });
  });

  it('requires the bootstrap administrator e-mail and password together, and a valid e-mail', () => {
    expect(configError({ BOOTSTRAP_ADMIN_EMAIL: 'admin@fics.cl' })).toContain(
      'BOOTSTRAP_ADMIN_EMAIL y BOOTSTRAP_ADMIN_PASSWORD deben definirse juntos',
    );
    expect(configError({ BOOTSTRAP_ADMIN_PASSWORD: 'una-clave-larga' })).toContain('deben definirse juntos');
    expect(
      configError({ BOOTSTRAP_ADMIN_EMAIL: 'no-es-correo', BOOTSTRAP_ADMIN_PASSWORD: 'una-clave-larga' }),
    ).toMatch(/BOOTSTRAP_ADMIN_EMAIL: /);
  });
});
