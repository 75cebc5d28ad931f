import type { Queryable } from '../database/database.js';
import type { CardOnFile } from '../domain/card-on-file.js';
import type { ChallengeRow } from '../services/rows.js';

/** The only writer of `challenges` (3-D Secure challenges of the hosted checkout). */
class ChallengeRepository {
  /** A pending challenge for paying `sessionId` with `card`. */
  async insert(db: Queryable, id: string, sessionId: string, card: CardOnFile, saveCard: boolean): Promise<void> {
    await db.query(
      `insert into challenges (id, session_id, status, card_token, behaviour, brand, last4, exp_month, exp_year, payment_method_id, save_card)
       values ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        sessionId,
        card.token,
        card.behaviour,
        card.brand,
        card.last4,
        card.expMonth,
        card.expYear,
        card.paymentMethodId,
        saveCard,
      ],
    );
  }

  async find(db: Queryable, id: string, { lock = false } = {}): Promise<ChallengeRow | null> {
    const { rows } = await db.query<ChallengeRow>(
      `select * from challenges where id = $1 ${lock ? 'for update' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async setStatus(db: Queryable, id: string, status: ChallengeRow['status']): Promise<void> {
    await db.query(`update challenges set status = $2 where id = $1`, [id, status]);
  }
}

export const challengeRepository = new ChallengeRepository();
