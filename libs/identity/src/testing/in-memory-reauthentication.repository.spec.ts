import bcrypt from 'bcrypt';
import { randomUUID } from 'node:crypto';
import { InMemoryReauthenticationRepository } from './in-memory-reauthentication.repository.js';
import { reauthenticationRepositoryContract } from './reauthentication-repository.contract.js';

const repository = new InMemoryReauthenticationRepository();

reauthenticationRepositoryContract('in memory', {
  repository: () => repository,
  newAccount: async () => {
    const [userId, sessionId, password] = [randomUUID(), randomUUID(), 'Fanmint-Test-9!'];
    repository.addAccount(userId, await bcrypt.hash(password, 4));
    repository.addSession(userId, sessionId, new Date('2030-01-01T00:00:00.000Z'));
    return { userId, sessionId, password };
  },
  authenticatedAt: async (sessionId) => repository.authenticatedAt(sessionId) ?? null,
  matches: (password, hash) => bcrypt.compare(password, hash),
});
