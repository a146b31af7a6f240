import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The server package's own directory: `src/` in development and `dist/` when built both sit one level below it. */
const serverPackageDir = fileURLToPath(new URL('..', import.meta.url));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const integer = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().min(min).max(max));

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

const origin = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ''))
  .transform((value) => new URL(value).origin);

/** How many proxies TRUST_PROXY may count as hops: more than any real chain of proxies. */
const MAX_PROXY_HOPS = 100;

/**
 * Fastify's `trustProxy`: `true`/`false` (`yes`/`no`), a hop count (`1`: the one proxy in front of the server; the
 * client's address is the last one X-Forwarded-For lists), or a comma-separated list of the proxies' addresses or
 * CIDR ranges. `true` trusts every hop, so a client's own X-Forwarded-For names its address: never right behind a
 * proxy that appends to that header. A number is a hop count, not a flag: `1` is one hop, `0` is false.
 */
const trustProxy = z.string().transform((value, context): boolean | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === 'yes') return true;
  if (text === 'false' || text === 'no' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return hops;
    context.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (addresses.length === 0 || addresses.some((entry) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(entry))) {
    context.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  }
  return addresses;
});

const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z.string().transform((value, context) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const parsed: z.output<T>[] = [];
    for (const entry of entries) {
      const result = item.safeParse(entry);
      if (!result.success) {
        context.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
      parsed.push(result.data);
    }
    return parsed;
  });

/** 32 bytes written as 64 hex digits or as base64 / base64url (43 or 44 characters). */
const secretKey = z
  .string()
  .trim()
  .transform((value, context) => {
    const bytes = /^[0-9a-fA-F]{64}$/.test(value)
      ? Buffer.from(value, 'hex')
      : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
        ? Buffer.from(value.replace(/=$/, ''), 'base64url')
        : undefined;
    if (bytes?.length !== 32) {
      context.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return bytes;
  });

/** Settings whose values are secrets: a rejected one is named, never echoed. */
const SECRET_SETTINGS = new Set(['DATABASE_URL', 'WEBHOOK_SECRET_KEY', 'WEBHOOK_SECRET_KEY_PREVIOUS', 'SMTP_URL']);

/** A host name, an IP address, or a CIDR range (an operator's exception to the private-address rule). */
const allowedHost = z
  .string()
  .trim()
  .regex(/^(\[?[0-9a-fA-F:.]+\]?(\/\d{1,3})?|[a-zA-Z0-9.-]+)$/);

/**
 * Every setting, read from the environment. Each entry's description is the rule shown when the value is
 * rejected, so the message always names the variable and what it accepts.
 */
const environmentSchema = z.object({
  PORT: integer(0, 65535).default(3000).describe('an integer between 0 and 65535 (0 picks a free port)'),
  HOST: z.string().trim().min(1).default('127.0.0.1').describe('a host name or IP address to listen on'),
  DATA_DIR: z.string().min(1).default('./data').describe('a directory path'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/./)
    .refine(URL.canParse)
    .optional()
    .describe('a postgres:// or postgresql:// URL (leave it unset to use the embedded database)'),
  STATIC_DIR: z.string().min(1).optional().describe('a directory path'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('one of fatal, error, warn, info, debug, trace, silent'),
  PUBLIC_URL: httpUrl.optional().describe('an http:// or https:// URL such as https://signals.example.com'),
  TRUST_PROXY: trustProxy
    .default(false)
    .describe(
      `true, false, a number of proxy hops from 1 to ${MAX_PROXY_HOPS}, or a comma-separated list of proxy addresses or CIDR ranges`,
    ),
  CORS_ORIGINS: commaList(origin)
    .default([])
    .describe('a comma-separated list of origins such as https://app.example.com'),
  TOKEN_IDLE_TTL_MINUTES: integer(1, 525_600)
    .default(60 * 24 * 7)
    .describe('an integer number of minutes between 1 and 525600'),
  TOKEN_ABSOLUTE_TTL_DAYS: integer(1, 3650).default(30).describe('an integer number of days between 1 and 3650'),
  RATE_LIMIT_LOGIN_PER_MINUTE: integer(1, 100_000)
    .default(20)
    .describe('an integer between 1 and 100000 (login attempts per minute per IP address)'),
  RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE: integer(1, 100_000)
    .default(5)
    .describe(
      'an integer between 1 and 100000 (failed logins per minute per account and IP address; an account takes 4 times as many from all addresses)',
    ),
  RATE_LIMIT_REGISTER_PER_MINUTE: integer(1, 100_000)
    .default(10)
    .describe('an integer between 1 and 100000 (registrations per minute per IP address)'),
  RATE_LIMIT_CANDLES_PER_MINUTE: integer(1, 1_000_000)
    .default(600)
    .describe('an integer between 1 and 1000000 (candle requests per minute per user)'),
  MAX_CONNECTIONS: integer(1, 1_000_000)
    .optional()
    .describe('an integer between 1 and 1000000 (open connections at once; default: 3/4 of the open-file limit)'),
  WEBHOOK_SECRET_KEY: secretKey
    .optional()
    .describe('32 random bytes as 64 hex digits or base64, e.g. from `openssl rand -base64 32`'),
  WEBHOOK_SECRET_KEY_PREVIOUS: secretKey
    .optional()
    .describe('32 random bytes as 64 hex digits or base64 (the key WEBHOOK_SECRET_KEY replaces)'),
  MARKET_SOURCE: z.enum(['demo', 'exchange']).default('demo').describe('demo or exchange'),
  EXCHANGE_ID: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+$/)
    .default('binance')
    .describe('an exchange id in lower case letters and digits, such as binance'),
  EXCHANGE_URL: httpUrl.optional().describe('an http:// or https:// URL'),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/./)
    .refine(URL.canParse)
    .optional()
    .describe('an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587 (unset: no email channel)'),
  SMTP_FROM: z
    .string()
    .trim()
    .regex(/^[^\s<>@]+@[^\s<>@]+$/)
    .optional()
    .describe('an email address such as signals@example.com (the sender of notification emails)'),
  NOTIFICATIONS_ALLOWED_HOSTS: commaList(allowedHost)
    .default([])
    .describe(
      'a comma-separated list of host names, IP addresses or CIDR ranges that notification channels may reach although they are private (e.g. 127.0.0.1,10.0.0.0/8)',
    ),
  TELEGRAM_API_URL: httpUrl
    .default('https://api.telegram.org')
    .describe('an http:// or https:// URL (the Telegram Bot API, or a stand-in in tests)'),
});

export type Config = ReturnType<typeof toConfig>;

function toConfig(settings: z.output<typeof environmentSchema>, cwd: string) {
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: path.resolve(cwd, settings.DATA_DIR),
    /** Set only for PostgreSQL; otherwise the embedded SQLite database under `dataDir` is used. */
    databaseUrl: settings.DATABASE_URL,
    staticDir: settings.STATIC_DIR
      ? path.resolve(cwd, settings.STATIC_DIR)
      : path.resolve(serverPackageDir, '../app/dist'),
    logLevel: settings.LOG_LEVEL,
    /** Base URL the public reaches this server at, without a trailing slash; used to build webhook URLs. */
    publicUrl: settings.PUBLIC_URL,
    trustProxy: settings.TRUST_PROXY,
    corsOrigins: settings.CORS_ORIGINS,
    tokenIdleTtlMinutes: settings.TOKEN_IDLE_TTL_MINUTES,
    tokenAbsoluteTtlDays: settings.TOKEN_ABSOLUTE_TTL_DAYS,
    rateLimits: {
      loginPerMinute: settings.RATE_LIMIT_LOGIN_PER_MINUTE,
      loginFailuresPerMinute: settings.RATE_LIMIT_LOGIN_FAILURES_PER_MINUTE,
      registerPerMinute: settings.RATE_LIMIT_REGISTER_PER_MINUTE,
      candlesPerMinute: settings.RATE_LIMIT_CANDLES_PER_MINUTE,
    },
    /** Client connections at once; unset: three quarters of the open-file limit (see http/connections.ts). */
    maxConnections: settings.MAX_CONNECTIONS,
    /** The key webhook tokens are encrypted with, and the one it replaces (see webhook-secrets.ts). */
    webhookSecretKeys: { current: settings.WEBHOOK_SECRET_KEY, previous: settings.WEBHOOK_SECRET_KEY_PREVIOUS },
    marketSource: settings.MARKET_SOURCE,
    exchangeId: settings.EXCHANGE_ID,
    exchangeUrl: settings.EXCHANGE_URL,
    notifications: {
      /** Unset: the email channel is not offered. Holds a password: never logged. */
      smtpUrl: settings.SMTP_URL,
      smtpFrom: settings.SMTP_FROM ?? 'signaldeck@localhost',
      /** Destinations allowed although they resolve to loopback, private or link-local addresses. */
      allowedHosts: settings.NOTIFICATIONS_ALLOWED_HOSTS,
      telegramApiUrl: settings.TELEGRAM_API_URL,
    },
  };
}

/**
 * Reads every setting from `env`, applying defaults. Empty values count as unset. Throws a ConfigError whose
 * message names each bad variable, its rule and the value received.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(environmentSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  const result = environmentSchema.safeParse(input);
  if (!result.success) {
    const problems = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      const rule = environmentSchema.shape[name as keyof typeof environmentSchema.shape].description;
      // A database URL may hold a password, and a key is a secret: they are never echoed back.
      const received = SECRET_SETTINGS.has(name) ? '' : ` (got ${JSON.stringify(input[name])})`;
      problems.set(name, `${name} must be ${rule}${received}`);
    }
    throw new ConfigError([...problems.values()].map((problem) => `Invalid configuration: ${problem}`).join('\n'));
  }
  return toConfig(result.data, cwd);
}
