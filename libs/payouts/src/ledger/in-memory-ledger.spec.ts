import { InMemoryTransactions } from '../repositories/tx.js';
import { InMemoryLedger } from './in-memory-ledger.js';
import { ledgerContract } from './ledger.contract.js';

const transactions = new InMemoryTransactions();
ledgerContract('in memory', () => ({ ledger: new InMemoryLedger(), transaction: (work) => transactions.run(work) }));
