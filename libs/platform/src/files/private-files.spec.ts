import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MissingPrivateFileError, PrivateFileError, PrivateFiles } from './private-files.js';
import { toAppError } from '../http/error.filter.js';
import { LocalObjectStorage } from './local-object-storage.js';
import type { AppConfig } from '../config/app-config.js';

describe('PrivateFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fanmint-private-'));
  const config = {
    STORAGE_DIR: dir,
    JWT_SECRET: 'x'.repeat(40),
    DATA_ENCRYPTION_KEY: undefined,
  } as unknown as AppConfig;
  const storage = new LocalObjectStorage(dir);
  const files = new PrivateFiles(config, storage);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores bytes encrypted, owner-only, and reads them back', async () => {
    const secret = Buffer.from('PASSPORT P<GBRDOE<<JANE<<<<<<<<<<<<<<<<<<<<<<<'.repeat(20));
    const key = await files.put('verification', secret, new Date('2026-11-22T00:00:00Z'));
    expect(key).toMatch(/^verification\/2026-11\/[0-9a-f-]{36}\.bin$/);
    const onDisk = readFileSync(files.pathOf(key));
    expect(onDisk.includes(Buffer.from('PASSPORT'))).toBe(false);
    expect(statSync(files.pathOf(key)).mode & 0o777).toBe(0o600);
    expect(await files.get(key)).toEqual(secret);
  });

  it('refuses a tampered file, a file copied under another key, and another key', async () => {
    const a = await files.put('verification', Buffer.from('first document'));
    const b = await files.put('verification', Buffer.from('second document'));
    writeFileSync(files.pathOf(b), readFileSync(files.pathOf(a)));
    await expect(files.get(b)).rejects.toThrow(PrivateFileError);
    const flipped = readFileSync(files.pathOf(a));
    flipped[flipped.length - 1] ^= 1;
    writeFileSync(files.pathOf(a), flipped);
    await expect(files.get(a)).rejects.toThrow(/integrity/);

    const c = await files.put('verification', Buffer.from('third'));
    const other = new PrivateFiles(
      { ...config, DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') } as AppConfig,
      storage,
    );
    await expect(other.get(c)).rejects.toThrow(/integrity/);
  });

  it('reports a file storage no longer has as a 404 for the caller, not a failure of the server', async () => {
    const key = await files.put('avatars', Buffer.from('a face'));
    rmSync(files.pathOf(key));
    const error = await files.get(key).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingPrivateFileError);
    expect(toAppError(error)).toMatchObject({ status: 404, code: 'file_missing' });
    // A tampered file stays a server fault.
    const tampered = await files.put('avatars', Buffer.from('another face'));
    writeFileSync(files.pathOf(tampered), Buffer.from('not sealed'));
    expect(toAppError(await files.get(tampered).catch((caught: unknown) => caught)).status).toBe(500);
  });

  it('accepts only its own key shape (no path traversal)', () => {
    expect(() => files.pathOf('../../etc/passwd')).toThrow(PrivateFileError);
    expect(() => files.pathOf('verification/2026-11/../../x.bin')).toThrow(PrivateFileError);
  });
});
