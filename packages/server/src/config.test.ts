import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/signaldeck');

describe('loadConfig', () => {
  describe('given an empty environment', () => {
    it('should apply every default', () => {
      const config = load({});
      expect(config).toMatchObject({
        port: 3000,
        host: '127.0.0.1',
        dataDir: '/srv/signaldeck/data',
        databaseUrl: undefined,
        logLevel: 'info',
        publicUrl: undefined,
        trustProxy: false,
        corsOrigins: [],
        tokenIdleTtlMinutes: 60 * 24 * 7,
        tokenAbsoluteTtlDays: 30,
        marketSource: 'demo',
        exchangeId: 'binance',
        exchangeUrl: undefined,
      });
    });

    it('should serve the app built next to the server package', () => {
      const serverDir = path.resolve(import.meta.dirname, '..');
      expect(load({}).staticDir).toBe(path.resolve(serverDir, '../app/dist'));
    });
  });

  describe('given valid values', () => {
    it('should parse and normalise them', () => {
      const config = load({
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgresql://app:secret@db.internal:5432/signaldeck',
        STATIC_DIR: '/opt/app',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'https://signals.example.com/',
        TRUST_PROXY: 'true',
        CORS_ORIGINS: 'https://a.example.com, http://localhost:5173',
        TOKEN_IDLE_TTL_MINUTES: '15',
        TOKEN_ABSOLUTE_TTL_DAYS: '1',
        MARKET_SOURCE: 'exchange',
        EXCHANGE_ID: 'kraken',
        EXCHANGE_URL: 'http://127.0.0.1:9999',
      });
      expect(config).toMatchObject({
        port: 8080,
        host: '0.0.0.0',
        dataDir: '/srv/signaldeck/var/db',
        databaseUrl: 'postgresql://app:secret@db.internal:5432/signaldeck',
        staticDir: '/opt/app',
        logLevel: 'warn',
        publicUrl: 'https://signals.example.com',
        trustProxy: true,
        corsOrigins: ['https://a.example.com', 'http://localhost:5173'],
        tokenIdleTtlMinutes: 15,
        tokenAbsoluteTtlDays: 1,
        marketSource: 'exchange',
        exchangeId: 'kraken',
        exchangeUrl: 'http://127.0.0.1:9999',
      });
    });

    it('should accept a list of trusted proxy addresses', () => {
      expect(load({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    });

    it.each([
      ['1', 1],
      [' 2 ', 2],
      ['100', 100],
      ['0', false],
      ['true', true],
      ['YES', true],
      ['false', false],
      ['no', false],
    ] as const)('should read TRUST_PROXY=%s as %s (a number is a hop count, not a flag)', (value, trustProxy) => {
      expect(load({ TRUST_PROXY: value }).trustProxy).toBe(trustProxy);
    });

    it('should treat empty values as unset', () => {
      expect(load({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined });
    });
  });

  describe('given a bad value', () => {
    it.each([
      [
        'PORT',
        'abc',
        'Invalid configuration: PORT must be an integer between 0 and 65535 (0 picks a free port) (got "abc")',
      ],
      ['PORT', '70000', 'PORT must be an integer between 0 and 65535'],
      ['PORT', '80.5', 'PORT must be an integer'],
      ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
      ['PUBLIC_URL', 'signals.example.com', 'PUBLIC_URL must be an http:// or https:// URL'],
      ['PUBLIC_URL', 'ftp://signals.example.com', 'PUBLIC_URL must be an http:// or https:// URL'],
      [
        'TRUST_PROXY',
        'maybe',
        'TRUST_PROXY must be true, false, a number of proxy hops from 1 to 100, or a comma-separated list of proxy addresses or CIDR ranges',
      ],
      ['TRUST_PROXY', '101', 'TRUST_PROXY must be true, false, a number of proxy hops from 1 to 100'],
      ['TRUST_PROXY', '-1', 'TRUST_PROXY must be true, false, a number of proxy hops'],
      ['CORS_ORIGINS', 'https://a.example.com/path', 'CORS_ORIGINS must be a comma-separated list of origins'],
      [
        'TOKEN_IDLE_TTL_MINUTES',
        '0',
        'TOKEN_IDLE_TTL_MINUTES must be an integer number of minutes between 1 and 525600',
      ],
      ['TOKEN_ABSOLUTE_TTL_DAYS', '-1', 'TOKEN_ABSOLUTE_TTL_DAYS must be an integer number of days'],
      ['MARKET_SOURCE', 'live', 'MARKET_SOURCE must be demo or exchange (got "live")'],
      ['EXCHANGE_ID', 'Binance!', 'EXCHANGE_ID must be an exchange id'],
      ['EXCHANGE_URL', 'nope', 'EXCHANGE_URL must be an http:// or https:// URL'],
    ])('should reject %s=%s naming the variable and its rule', (name, value, message) => {
      expect(() => load({ [name]: value })).toThrow(ConfigError);
      expect(() => load({ [name]: value })).toThrow(message);
    });

    it('should reject a DATABASE_URL that is not PostgreSQL without echoing it', () => {
      const attempt = () => load({ DATABASE_URL: 'mysql://root:hunter2@db/app' });
      expect(attempt).toThrow(
        'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset to use the embedded database)',
      );
      expect(attempt).not.toThrow(/hunter2/);
    });

    it('should report every bad variable, one per line', () => {
      expect(() => load({ PORT: 'x', MARKET_SOURCE: 'y' })).toThrow(
        /^Invalid configuration: PORT must .*\nInvalid configuration: MARKET_SOURCE must .*$/,
      );
    });
  });
});
