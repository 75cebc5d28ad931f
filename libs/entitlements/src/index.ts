export { EntitlementsModule } from './entitlements.module.js';
export {
  EntitlementService,
  type ContentGrant,
  type ContentSubject,
  type MessageBasis,
  type PostBasis,
  type StoreSubject,
} from './entitlement.service.js';
export {
  MEDIA_VARIANTS,
  type Actor,
  type ContentMediaFacts,
  type IdImageFacts,
  type MediaVariant,
  type Visitor,
} from './domain/entitlement-rules.js';
export {
  IdImageFactsQuery,
  MessageMediaFactsQuery,
  PostMediaFactsQuery,
  PurchaseFactsQuery,
  StoreAudienceFactsQuery,
} from './facts/fact-queries.js';
export {
  ID_IMAGE_KINDS,
  ID_IMAGE_LINK_TTL_SECONDS,
  MEDIA_LINK_TTL_SECONDS,
  type IdImageKind,
} from './signing/file-links.js';
