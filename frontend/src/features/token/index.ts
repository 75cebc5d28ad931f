export { COMMUNITY_AIRDROP, MEGA_DRAW, formatFull, formatTokens } from './tokenomics';
