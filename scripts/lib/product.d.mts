import type { ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';

export declare const CHROMIUM_FLAGS: string[];
export declare function chromiumPath(): string;
export declare function launchBrowser(): Promise<Browser>;
export declare function freePort(): Promise<number>;

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  logs: () => string;
  /** Stops the process, keeping its data and port. */
  halt: () => Promise<void>;
  /** Stops it and starts it again on the same port and data. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}
export declare function startServer(env?: Record<string, string>): Promise<RunningServer>;

export interface SeededSignalFields {
  ticker: string | null;
  action: string | null;
  price: number | null;
  quantity: number | null;
  interval: string | null;
  strategy: string | null;
  comment: string | null;
  status: 'accepted' | 'rejected' | 'duplicate';
  reason: string | null;
}
export declare function seedSignals(
  dataDir: string,
  email: string,
  count: number,
  options?: {
    now?: number;
    spacingMs?: number;
    make?: (index: number) => Partial<SeededSignalFields>;
    prices?: Partial<Record<'BTC' | 'ETH' | 'SOL', number>>;
  },
): string[];

export interface RegisteredUser {
  name: string;
  email: string;
  password: string;
  token: string;
}
export declare function registerUser(
  baseURL: string,
  overrides?: Partial<Pick<RegisteredUser, 'name' | 'email' | 'password'>>,
): Promise<RegisteredUser>;
