import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import type { BackgroundServices } from './services';

/** Milliseconds since the epoch. Injected so tests can move time (token expiry, rate-limit windows). */
export type Clock = () => number;

/**
 * What every module is given when app.ts registers it (as its Fastify plugin options). Modules take what they
 * need from here instead of importing singletons, so tests can build an app on any database and clock.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  services: BackgroundServices;
}
