import { InMemoryMfaRepository } from './in-memory-mfa.repository.js';
import { mfaRepositoryContract } from './mfa-repository.contract.js';

const repository = new InMemoryMfaRepository();

mfaRepositoryContract('in memory', () => repository);
