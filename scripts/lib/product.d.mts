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
  stop: () => Promise<void>;
}
export declare function startServer(env?: Record<string, string>): Promise<RunningServer>;

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
