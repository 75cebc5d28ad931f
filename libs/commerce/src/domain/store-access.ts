/** Who is looking at a store page: a signed-in account, or an anonymous browser that may have passed the age check. */
export interface StoreVisitor {
  viewerId: string | null;
  /** This browser declared being 18 or older (the signed age-check cookie). */
  ageChecked: boolean;
}

/**
 * SPEC §2, §6: an adult store reached by its link needs an account or the age check; the directory
 * lists adult stores to accounts only (that rule lives with the listing).
 */
export function mayViewStore(store: { isNsfw: boolean }, visitor: StoreVisitor): boolean {
  return !store.isNsfw || visitor.viewerId !== null || visitor.ageChecked;
}
