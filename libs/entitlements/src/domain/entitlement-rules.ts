/**
 * Who may read which paid or private bytes, decided from facts the owning modules report. Pure: the
 * service gathers the facts, asks here, and only then signs a link.
 */
export type StaffRole = 'moderator' | 'admin';

export interface Actor {
  id: string;
  role: string;
  /** The session's assurance level when the request came in; staff need the second factor. */
  aal: 'aal1' | 'aal2';
}

export type MediaVariant = 'thumbnail' | 'preview' | 'file' | 'download';
export const MEDIA_VARIANTS: readonly MediaVariant[] = ['thumbnail', 'preview', 'file', 'download'];

export type Decision = { allow: true; reason: string } | { allow: false; reason: string };
const allow = (reason: string): Decision => ({ allow: true, reason });
const deny = (reason: string): Decision => ({ allow: false, reason });

export interface ContentMediaFacts {
  creatorId: string;
  status: 'draft' | 'pending_review' | 'approved' | 'rejected' | 'removed';
  /** This file is the item's free teaser (the creator chose 'preview' and this is the cover or the clip). */
  isTeaser: boolean;
  /** A store item; a file uploaded for one message is sold by that message alone, never by the store. */
  forSale: boolean;
  /** From commerce: a paid purchase of this item, a live subscription to its store, the store's rules. */
  purchase: { bought: boolean; subscribed: boolean; subscribersOnly: boolean; downloads: boolean } | null;
  /** From messaging: the viewer sent this item in a message, or a message to them released it. */
  message: { sender: boolean; released: boolean } | null;
  /** From posts: a published post carries this item and opens for the viewer (free, subscribed, unlocked). */
  post: { opens: boolean } | null;
}

const isStaff = (actor: Actor | null) => actor !== null && (actor.role === 'moderator' || actor.role === 'admin');

export function decideContentMedia(actor: Actor | null, facts: ContentMediaFacts, variant: MediaVariant): Decision {
  if (facts.status === 'removed') return deny('removed');
  if (actor?.id === facts.creatorId) return allow('owner');
  if (isStaff(actor) && actor!.aal === 'aal2' && facts.status !== 'draft' && variant !== 'download')
    return allow('staff_review');
  if (facts.status !== 'approved') return deny('not_published');
  const purchase = facts.forSale ? facts.purchase : null;
  // A subscribers-only store opens even bought items to live subscribers only.
  const bought = purchase !== null && (purchase.subscribed || (purchase.bought && !purchase.subscribersOnly));
  if (bought && (variant !== 'download' || purchase.downloads)) return allow('purchase');
  if (facts.message && (facts.message.sender || facts.message.released) && variant !== 'download')
    return allow('message');
  if (facts.post?.opens && variant !== 'download') return allow('post');
  if (facts.isTeaser && (variant === 'thumbnail' || variant === 'preview')) return allow('public_teaser');
  return deny(actor ? 'not_entitled' : 'anonymous');
}

export interface IdImageFacts {
  /** Whoever holds the case's live claim now, or null. */
  claimHolder: string | null;
  /** The applicant: nobody reviews their own ID. */
  applicantId: string;
  /** The staff member's role as stored now (a demoted moderator loses the link at once). */
  currentRole: string | null;
}

export function decideIdImage(actor: Actor | null, facts: IdImageFacts | null): Decision {
  if (!actor) return deny('anonymous');
  if (!facts) return deny('no_case');
  if (!isStaff(actor) || (facts.currentRole !== 'moderator' && facts.currentRole !== 'admin')) return deny('not_staff');
  if (actor.aal !== 'aal2') return deny('second_factor');
  if (facts.applicantId === actor.id) return deny('own_work');
  if (facts.claimHolder !== actor.id) return deny('not_claim_holder');
  return allow('claim_holder');
}

/** Someone looking at a store: an account (or none) and whether this browser passed the age check. */
export interface Visitor {
  actor: Actor | null;
  ageChecked: boolean;
}

/**
 * An adult store's images (banner, avatar, blurred previews) show exactly where its page does: to its
 * owner, to accounts, to browsers that passed the age check. Other stores' images are public.
 */
export function decideStoreImage(visitor: Visitor, store: { isNsfw: boolean; ownerId: string }): Decision {
  if (!store.isNsfw) return allow('public_store');
  if (visitor.actor?.id === store.ownerId) return allow('owner');
  if (visitor.actor) return allow('account');
  return visitor.ageChecked ? allow('age_checked') : deny('age_check_needed');
}
