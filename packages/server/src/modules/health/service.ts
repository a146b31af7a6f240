import type { DatabaseHandle } from '../../db/connection';
import type { Health } from './schemas';

/** The server is healthy when its database answers. */
export async function checkHealth(database: Pick<DatabaseHandle, 'ping'>): Promise<Health> {
  try {
    await database.ping();
    return { status: 'ok' };
  } catch {
    return { status: 'unavailable', message: 'The database is not answering.' };
  }
}
