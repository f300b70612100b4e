import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/lotline');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('applies the defaults, resolving directories against the working directory', () => {
    const config = loadConfig({}, '/srv/lotline');
    expect(config).toEqual({
      port: 3001,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/lotline/data'),
      databaseUrl: undefined,
      logLevel: 'info',
      nodeEnv: 'development',
      filesDir: path.resolve('/srv/lotline/data/files'),
      publicOrigin: 'http://localhost:3000',
      seedIfEmpty: false,
      seedLots: 3000,
      featureOverrides: {},
    });
  });

  it('reads every variable, and FILES_DIR follows DATA_DIR unless set', () => {
    const config = loadConfig(
      {
        API_PORT: '8080',
        API_HOST: '0.0.0.0',
        DATA_DIR: '/var/lotline',
        DATABASE_URL: 'postgres://u:p@db:5432/lotline',
        LOG_LEVEL: 'debug',
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://lotline.example/',
        FEATURE_VIDEO_SUPPORT: 'on',
        FEATURE_COUNTER_OFFER: 'off',
        SEED_IF_EMPTY: 'true',
        SEED_LOTS: '600',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lotline',
      filesDir: '/var/lotline/files',
      databaseUrl: 'postgres://u:p@db:5432/lotline',
      logLevel: 'debug',
      nodeEnv: 'production',
      publicOrigin: 'https://lotline.example',
      seedIfEmpty: true,
      seedLots: 600,
      featureOverrides: { VIDEO_SUPPORT: true, COUNTER_OFFER: false },
    });
    expect(loadConfig({ DATA_DIR: '/d', FILES_DIR: '/f' }).filesDir).toBe('/f');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ API_PORT: '', DATABASE_URL: '' }).port).toBe(3001);
  });

  it('lists every problem at once, without echoing secret values', () => {
    const problems = problemsOf({
      API_PORT: 'eighty',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      PUBLIC_ORIGIN: 'ftp://x',
      FEATURE_VIDEO_SUPPORT: 'yes',
      FEATURE_TELEPORT: 'on',
    });
    const text = problems.join('\n');
    for (const key of [
      'API_PORT',
      'LOG_LEVEL',
      'NODE_ENV',
      'DATABASE_URL',
      'PUBLIC_ORIGIN',
      'FEATURE_VIDEO_SUPPORT',
      'FEATURE_TELEPORT',
    ]) {
      expect(text).toContain(key);
    }
    expect(problems).toHaveLength(7);
    expect(text).not.toContain('hunter2');
  });

  it('defaults to 3,000 demo lots and refuses a count that is not a positive integer', () => {
    expect(loadConfig({}).seedLots).toBe(3000);
    expect(problemsOf({ SEED_LOTS: '0' })[0]).toMatch(/^SEED_LOTS:/);
    expect(problemsOf({ SEED_LOTS: 'many' })[0]).toMatch(/^SEED_LOTS:/);
  });

  it('rejects a port out of range', () => {
    expect(problemsOf({ API_PORT: '70000' })[0]).toMatch(/^API_PORT:/);
  });
});
