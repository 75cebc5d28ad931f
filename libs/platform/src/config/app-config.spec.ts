import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './app-config.js';
import { mediaOrigins, s3Settings } from '../files/storage-factory.js';

const valid = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/fanmint',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  JWT_SECRET: 'x'.repeat(32),
};

/** Every production secret set to a random-looking value of its own. */
const productionSecrets = {
  NODE_ENV: 'production',
  JWT_SECRET: 'pR0d-jwt-4c1d9e7b2f8a6350b9e1d4c7a2f6e8b3',
  DATA_ENCRYPTION_KEY: Buffer.from('0123456789abcdefghijklmnopqrstuv').toString('base64'),
  SANDBOX_ACQUIRER_SECRET_KEY: 'sk_live_9f3b1c7e5a2d8046',
  SANDBOX_ACQUIRER_WEBHOOK_SECRETS: 'whsec_7c2e9a4f1b6d3085,whsec_1a8f5c3e7b9d2460',
  PUBLIC_ANON_KEY: 'anon_5e8c1f9a3b7d2046',
  METRICS_TOKEN: 'metrics_2b7f9c1e5a3d8064',
};

describe('configuration is validated at start', () => {
  it('fills defaults and derives the public URL from the port', () => {
    const config = loadConfig({ ...valid, PORT: '4000' });
    expect(config).toMatchObject({
      PORT: 4000,
      PUBLIC_URL: 'http://localhost:4000',
      LAUNCH_PHASE: 'prelaunch',
      BCRYPT_COST: 12,
      TRUST_PROXY: false,
      QUEUE_SCHEMA: 'bullmq',
    });
  });

  it('serves metrics on 9464 in production and not at all elsewhere, unless METRICS_PORT says so', () => {
    expect(loadConfig({ ...valid, ...productionSecrets })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '0.0.0.0',
    });
    expect(loadConfig(valid)).toMatchObject({ METRICS_PORT: null, METRICS_HOST: '127.0.0.1' });
    expect(loadConfig({ ...valid, METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadConfig({ ...valid, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() => loadConfig({ ...valid, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('names every missing setting', () => {
    expect(() => loadConfig({})).toThrow(
      'DATABASE_URL: is required\n  SMTP_URL: is required\n  JWT_SECRET: is required',
    );
  });

  it.each([
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must start with postgres:\/\//],
    ['REDIS_URL', 'http://x', /REDIS_URL: must start with redis:\/\//],
    ['PORT', 'eighty', /PORT/],
    ['JWT_SECRET', 'short', /JWT_SECRET: must be at least 32 characters/],
    ['LAUNCH_PHASE', 'beta', /LAUNCH_PHASE/],
    ['PUBLIC_URL', 'not a url', /PUBLIC_URL/],
    ['QUEUE_SCHEMA', 'Jobs; drop table users', /QUEUE_SCHEMA: must be a lower-case PostgreSQL identifier/],
  ])('refuses a malformed %s', (key, value, message) => {
    expect(() => loadConfig({ ...valid, [key]: value })).toThrow(message);
  });

  it('allows AUTH_AUTOCONFIRM for test runs only', () => {
    expect(loadConfig(valid).AUTH_AUTOCONFIRM).toBe(false);
    expect(loadConfig({ ...valid, NODE_ENV: 'test', AUTH_AUTOCONFIRM: 'true' }).AUTH_AUTOCONFIRM).toBe(true);
    expect(() => loadConfig({ ...valid, ...productionSecrets, AUTH_AUTOCONFIRM: 'true' })).toThrow(
      /AUTH_AUTOCONFIRM: is for test runs only/,
    );
  });

  it('stores files on local disk by default, in a bucket when S3_BUCKET is set, and refuses half an S3 setup', () => {
    const local = loadConfig(valid);
    expect(s3Settings(local)).toBeNull();
    expect(local).toMatchObject({ STORAGE_DIR: 'var/storage', MEDIA_SIGNED_URLS: false, S3_FORCE_PATH_STYLE: false });
    const minio = loadConfig({
      ...valid,
      S3_BUCKET: 'fanmint',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      MEDIA_SIGNED_URLS: 'true',
    });
    expect(s3Settings(minio)).toMatchObject({
      bucket: 'fanmint',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      region: 'us-east-1',
    });
    expect(mediaOrigins(minio)).toEqual(['http://minio:9000']);
    expect(
      mediaOrigins(loadConfig({ ...valid, S3_BUCKET: 'fanmint', S3_REGION: 'eu-west-1', MEDIA_SIGNED_URLS: 'true' })),
    ).toEqual(['https://fanmint.s3.eu-west-1.amazonaws.com']);
    expect(
      mediaOrigins(
        loadConfig({
          ...valid,
          S3_BUCKET: 'fanmint',
          S3_PUBLIC_ENDPOINT: 'https://media.example.com',
          S3_FORCE_PATH_STYLE: 'true',
          MEDIA_SIGNED_URLS: 'true',
        }),
      ),
    ).toEqual(['https://media.example.com']);
    expect(() => loadConfig({ ...valid, MEDIA_SIGNED_URLS: 'true' })).toThrow(/MEDIA_SIGNED_URLS: needs S3_BUCKET/);
    expect(() => loadConfig({ ...valid, S3_BUCKET: 'fanmint', S3_ACCESS_KEY_ID: 'k' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ ...valid, S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
  });
});
