/** The snapshot instant from configuration: a bare date means the start of that day, UTC. */
export function snapshotInstant(configured: string | undefined): Date | null {
  if (!configured) return null;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(configured) ? `${configured}T00:00:00Z` : configured);
}

/** Community airdrop rule (SPEC §2): an account with a Solana wallet added before the snapshot date. */
export function isAirdropEligible(walletAddedAt: Date | null, snapshot: Date | null): boolean {
  if (walletAddedAt === null) return false;
  return snapshot === null || walletAddedAt.getTime() < snapshot.getTime();
}
