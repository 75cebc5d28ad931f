import bcrypt from 'bcrypt';
import { loadConfig } from '#app/platform';
import { Passwords, passwordHashCost } from './passwords.js';

const base = { DATABASE_URL: 'postgres://localhost/x', SMTP_URL: 'smtp://localhost:2525', JWT_SECRET: 'x'.repeat(32) };

describe('password hash cost', () => {
  it('is 12 by default, and a production setting below 12 is raised to 12', () => {
    expect(passwordHashCost(loadConfig(base))).toBe(12);
    expect(passwordHashCost({ NODE_ENV: 'production', BCRYPT_COST: 4 })).toBe(12);
    expect(passwordHashCost({ NODE_ENV: 'production', BCRYPT_COST: 13 })).toBe(13);
  });

  it('follows the setting outside production (test platforms hash at 4)', async () => {
    const passwords = new Passwords(loadConfig({ ...base, NODE_ENV: 'test', BCRYPT_COST: '4' }));
    const hash = await passwords.hash('correct horse battery staple');
    expect(bcrypt.getRounds(hash)).toBe(4);
    await expect(passwords.compare('correct horse battery staple', hash)).resolves.toBe(true);
    await expect(passwords.compare('wrong horse', hash)).resolves.toBe(false);
  });
});
