import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { passwordProblem } from './lib/password-policy';
import { jwtSecretProblem } from './lib/secrets';
import { parseTrustedProxies } from './lib/client-address';

/** The repository root, so relative paths mean the same whichever workspace started the process. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Start-up messages are in Spanish too; config loads before anything else sets zod's locale.
z.config(z.locales.es());

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An https (or http) URL, or 'off' to turn the feature off. */
const mapUrl = z.union([
  z.literal('off'),
  z.string().regex(/^https?:\/\/[^\s]+$/, 'debe ser una URL http(s) o off'),
]);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'debe empezar con smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Fics <no-responder@fics.cl>'),
  CONTACT_EMAIL: z.email('debe ser una dirección de correo').default('contacto@fics.cl'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'debe empezar con redis://')
    .optional(),
  BOOTSTRAP_ADMIN_EMAIL: z.email().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(8).max(64).optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      if (['false', '0', 'no'].includes(value)) {
        return false as const;
      }
      if (['true', '1', 'yes'].includes(value)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'indica las direcciones o rangos CIDR de tus proxies (p. ej. 10.0.0.0/8): true dejaría que cada cliente eligiera su dirección con X-Forwarded-For',
        });
        return z.NEVER;
      }
      const parsed = parseTrustedProxies(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.proxies;
    })
    .default(false),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  RATE_LIMIT_PER_USER_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(30_000),
  MAP_TILE_URL: mapUrl.default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('&copy; colaboradores de OpenStreetMap'),
  MAP_GEOCODER_URL: mapUrl.default('https://nominatim.openstreetmap.org/search'),
  MAP_GEOCODER_AUTOCOMPLETE: bool.default(false),
  EVENTS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  EVENTS_DISPATCH: z.enum(['on', 'off']).default('on'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Undefined until server start resolves it (generated into DATA_DIR when unset). */
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people write about their data and the terms (the policies page, GET /client-config). */
  contactEmail: string;
  redisUrl: string | undefined;
  bootstrapAdmin: { email: string; password: string } | undefined;
  /** Undefined: decide at start (true only on an empty embedded database). */
  seedDemo: boolean | undefined;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  /** The proxies whose X-Forwarded-For is believed (addresses, CIDR ranges); false: none. */
  trustProxy: false | string[];
  /** Mail dispatcher poll interval; 0 disables the background loop (tests drive it by hand). */
  mailPollMs: number;
  /** Time between housekeeping runs (modules/housekeeping); 0 disables the loop (tests run it by hand). */
  housekeepingIntervalMs: number;
  /**
   * Domain events (modules/events): the background delivery's poll interval (0: no loop; write
   * requests still deliver before answering), and whether this instance delivers at all (false:
   * it writes events and leaves them to other instances, or to its next start).
   */
  events: { pollMs: number; dispatch: boolean };
  /**
   * Requests per minute (static assets aside): per signed-in user, and per client address (an IPv6
   * client by its /64) for everything, the ceiling against floods; 0 disables one.
   */
  rateLimits: { perUserPerMinute: number; perAddressPerMinute: number };
  /** A session whose refresh token goes unused this long stops working (the 30-day limit stays). */
  sessionIdleMs: number;
  /** The send dialog's map and place search (GET /client-config); null turns a part off. */
  map: MapConfig;
}

export interface MapConfig {
  tileUrl: string | null;
  attribution: string;
  geocoderUrl: string | null;
  geocoderAutocomplete: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Omit<Config, 'jwtSecret'> & {
  jwtSecret: string | undefined;
} {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    // Production settings (README): every problem at once.
    const problems: string[] = [];
    const weakSecret = e.JWT_SECRET ? jwtSecretProblem(e.JWT_SECRET) : null;
    if (!e.JWT_SECRET) {
      problems.push('JWT_SECRET: es obligatorio con NODE_ENV=production');
    } else if (weakSecret) {
      problems.push(`JWT_SECRET: ${weakSecret}`);
    }
    if (!e.SMTP_URL) {
      problems.push(
        'SMTP_URL: es obligatorio con NODE_ENV=production (sin él, los enlaces de recuperación e invitación quedarían en el registro)',
      );
    }
    if (e.SEED_DEMO) {
      problems.push('SEED_DEMO: no se permite con NODE_ENV=production');
    }
    if (problems.length > 0) {
      throw new ConfigError(`Configuración inválida:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    }
  }
  if (Boolean(e.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(e.BOOTSTRAP_ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Configuración inválida:\n  BOOTSTRAP_ADMIN_EMAIL y BOOTSTRAP_ADMIN_PASSWORD deben definirse juntos',
    );
  }
  // The same rule as every password set through the site (lib/password-policy).
  const adminPasswordProblem =
    e.BOOTSTRAP_ADMIN_EMAIL && e.BOOTSTRAP_ADMIN_PASSWORD
      ? passwordProblem(e.BOOTSTRAP_ADMIN_PASSWORD, { email: e.BOOTSTRAP_ADMIN_EMAIL, name: 'Administrador' })
      : null;
  if (adminPasswordProblem) {
    throw new ConfigError(`Configuración inválida:\n  BOOTSTRAP_ADMIN_PASSWORD: ${adminPasswordProblem}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    redisUrl: e.REDIS_URL,
    bootstrapAdmin:
      e.BOOTSTRAP_ADMIN_EMAIL && e.BOOTSTRAP_ADMIN_PASSWORD
        ? { email: e.BOOTSTRAP_ADMIN_EMAIL.trim().toLowerCase(), password: e.BOOTSTRAP_ADMIN_PASSWORD }
        : undefined,
    seedDemo: e.NODE_ENV === 'production' ? false : e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(repoRoot, e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    mailPollMs: 1000,
    housekeepingIntervalMs: 15 * 60 * 1000,
    events: { pollMs: e.EVENTS_POLL_MS, dispatch: e.EVENTS_DISPATCH === 'on' },
    sessionIdleMs: e.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    rateLimits: {
      perUserPerMinute: e.RATE_LIMIT_PER_USER_PER_MINUTE,
      perAddressPerMinute: e.RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
    },
    map: {
      tileUrl: e.MAP_TILE_URL === 'off' ? null : e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
      geocoderUrl: e.MAP_GEOCODER_URL === 'off' ? null : e.MAP_GEOCODER_URL,
      geocoderAutocomplete: e.MAP_GEOCODER_AUTOCOMPLETE,
    },
  };
}
