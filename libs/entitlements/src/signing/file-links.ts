import { SignedTokens, type Clock } from '#app/platform';
import { MEDIA_VARIANTS, type MediaVariant } from '../domain/entitlement-rules.js';

export const MEDIA_LINK_TTL_SECONDS = 600;
export const ID_IMAGE_LINK_TTL_SECONDS = 120;
/** A store page stays open a while and its images are cached privately: an hour. */
export const STORE_IMAGE_LINK_TTL_SECONDS = 3600;
export const ID_IMAGE_KINDS = ['userPhotoWithId', 'idPhoto'] as const;
export type IdImageKind = (typeof ID_IMAGE_KINDS)[number];

export interface MediaClaims {
  m: string;
  v: MediaVariant;
}

export interface IdImageClaims {
  s: string;
  k: IdImageKind;
  u: string;
}

/**
 * The only signer of file links: an <img> or <video> cannot send a bearer token, so the link is the
 * authorisation. Private to this module (the boundary spec fails when another module signs links).
 */
export class FileLinks {
  private readonly media: SignedTokens<MediaClaims>;
  private readonly idImages: SignedTokens<IdImageClaims>;
  private readonly storeImages: SignedTokens<{ k: string }>;

  constructor(secret: string, clock: Clock) {
    this.media = new SignedTokens(secret, 'content-media-links', clock);
    this.idImages = new SignedTokens(secret, 'verification-image-links', clock);
    this.storeImages = new SignedTokens(secret, 'adult-store-image-links', clock);
  }

  /** An adult store's banner, avatar (`key` is the stored image) or blurred preview (`key` is `blurred:<media id>`). */
  storeImageToken(key: string): string {
    return this.storeImages.sign({ k: key }, STORE_IMAGE_LINK_TTL_SECONDS);
  }

  readStoreImage(token: string): string | null {
    const claims = this.storeImages.read(token);
    return typeof claims?.k === 'string' ? claims.k : null;
  }

  mediaLink(mediaId: string, variant: MediaVariant): string {
    return `/api/media?token=${this.media.sign({ m: mediaId, v: variant }, MEDIA_LINK_TTL_SECONDS)}`;
  }

  readMedia(token: string): MediaClaims | null {
    const claims = this.media.read(token);
    return claims && MEDIA_VARIANTS.includes(claims.v) ? claims : null;
  }

  idImageLink(submissionId: string, kind: IdImageKind, staffId: string): string {
    return `/api/admin/verification-images?token=${this.idImages.sign({ s: submissionId, k: kind, u: staffId }, ID_IMAGE_LINK_TTL_SECONDS)}`;
  }

  readIdImage(token: string): IdImageClaims | null {
    const claims = this.idImages.read(token);
    return claims && ID_IMAGE_KINDS.includes(claims.k) ? claims : null;
  }
}
