import { consentRecordRepositoryContract } from './consent-record-repository.contract.js';
import { InMemoryConsentRecordRepository } from './in-memory-consent-record.repository.js';

const repository = new InMemoryConsentRecordRepository();

consentRecordRepositoryContract('in memory', () => repository);
