import { User } from './user.entity.js';
import { Session } from './session.entity.js';
import { RefreshToken } from './refresh-token.entity.js';
import { AmrClaim } from './amr-claim.entity.js';
import { OneTimeToken } from './one-time-token.entity.js';

export { User, Session, RefreshToken, AmrClaim, OneTimeToken };
export const identityEntities = [User, Session, RefreshToken, AmrClaim, OneTimeToken];
