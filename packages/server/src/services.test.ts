import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundServices, type BackgroundService } from './services';
import { createTestApp, type TestApp } from './test/app';

function recordingService(name: string, events: string[], failOn?: 'start' | 'stop'): BackgroundService {
  return {
    name,
    start() {
      if (failOn === 'start') throw new Error(`${name} cannot start`);
      events.push(`start ${name}`);
    },
    stop() {
      events.push(`stop ${name}`);
      if (failOn === 'stop') throw new Error(`${name} cannot stop`);
    },
  };
}

describe('BackgroundServices', () => {
  it('should start services in order and stop them in reverse', async () => {
    const events: string[] = [];
    const services = new BackgroundServices();
    services.add(recordingService('ticker', events));
    services.add(recordingService('pruner', events));
    await services.startAll();
    await services.stopAll();
    expect(events).toEqual(['start ticker', 'start pruner', 'stop pruner', 'stop ticker']);
  });

  it('should stop the services already started when one fails to start', async () => {
    const events: string[] = [];
    const services = new BackgroundServices();
    services.add(recordingService('ticker', events));
    services.add(recordingService('broken', events, 'start'));
    await expect(services.startAll()).rejects.toThrow('Background service broken failed to start');
    expect(events).toEqual(['start ticker', 'stop ticker']);
  });

  it('should stop every service even when one fails to stop', async () => {
    const events: string[] = [];
    const services = new BackgroundServices();
    services.add(recordingService('ticker', events));
    services.add(recordingService('stubborn', events, 'stop'));
    await services.startAll();
    await expect(services.stopAll()).rejects.toThrow('Some background services failed to stop');
    expect(events).toContain('stop ticker');
  });

  describe('given an app', () => {
    let testApp: TestApp;

    afterEach(async () => {
      await testApp.cleanup();
    });

    it('should stop started services when the app closes, while the database is still open', async () => {
      testApp = await createTestApp('sqlite');
      const events: string[] = [];
      testApp.app.services.add({
        name: 'probe',
        start: () => void events.push('start'),
        stop: async () => {
          await testApp.database.ping();
          events.push('stopped with the database open');
        },
      });
      await testApp.app.listen({ host: '127.0.0.1', port: 0 });
      await testApp.app.services.startAll();
      await testApp.app.close();
      expect(events).toEqual(['start', 'stopped with the database open']);
    });
  });
});
