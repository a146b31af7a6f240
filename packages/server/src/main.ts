import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/connection';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock';

/** How long requests in flight may take to finish once shutdown starts. */
const REQUEST_DRAIN_MS = 3_000;
/** How long a graceful shutdown may take before the process gives up and exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

function lockDataDir(config: Config): DataDirLock | undefined {
  // PostgreSQL coordinates any number of servers; only the embedded database is single-process.
  if (config.databaseUrl) return undefined;
  try {
    return acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const lock = lockDataDir(config);
  // PostgreSQL can report a lost idle connection at any time; once the app exists, its logger says so.
  const logged: { by?: FastifyInstance } = {};
  const database = await openDatabase(config, {
    onBackgroundError: (error) => logged.by?.log.warn({ err: error }, 'database connection error'),
  }).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const app = await buildApp({ config, database });
  logged.by = app;

  // Connections that have not sent a request yet (a browser's preconnect, a spare connection a client keeps)
  // would hold up server.close() until their headers time out; they are cut at once when shutdown starts.
  const silentSockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    silentSockets.add(socket);
    socket.once('close', () => silentSockets.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => silentSockets.delete(request.socket));

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      lock?.release();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    for (const socket of silentSockets) socket.destroy();
    // Requests in flight get a few seconds to finish; then whatever is still connected is cut, so the database
    // still closes cleanly.
    setTimeout(() => app.server.closeAllConnections(), REQUEST_DRAIN_MS).unref();
    let exitCode = 0;
    try {
      // Stops accepting connections, waits for requests in flight, then stops background services (onClose).
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exitCode = 1;
    }
    lock?.release();
    process.exit(exitCode);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));

  try {
    await app.listen({ host: config.host, port: config.port });
    await app.services.startAll();
  } catch (error) {
    app.log.error({ err: error }, 'failed to start');
    await app.close().catch(() => {});
    await database.close();
    lock?.release();
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  app.log.info(
    { url: `http://${host}:${port}`, database: database.dialect },
    `SignalDeck is listening on http://${host}:${port}`,
  );
  if (config.publicUrl === undefined) {
    app.log.warn(
      'PUBLIC_URL is not set: webhook URLs are built from the Host header of the request that asks for them. Set PUBLIC_URL in production.',
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `SignalDeck failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
