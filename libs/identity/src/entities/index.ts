import { User } from './user.entity.js';
import { Session } from './session.entity.js';
import { RefreshToken } from './refresh-token.entity.js';
import { AmrClaim } from './amr-claim.entity.js';
import { OneTimeToken } from './one-time-token.entity.js';
import { FlowState } from './flow-state.entity.js';

export { User, Session, RefreshToken, AmrClaim, OneTimeToken, FlowState };
export const identityEntities = [User, Session, RefreshToken, AmrClaim, OneTimeToken, FlowState];
