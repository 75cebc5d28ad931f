import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppError, AuditLog, Clock, type AppConfig } from '#app/platform';
import {
  decideContentMedia,
  decideIdImage,
  decideStoreImage,
  type Actor,
  type ContentMediaFacts,
  type MediaVariant,
  type Visitor,
} from './domain/entitlement-rules.js';
import {
  IdImageFactsQuery,
  MessageMediaFactsQuery,
  PostMediaFactsQuery,
  PurchaseFactsQuery,
  StoreAudienceFactsQuery,
} from './facts/fact-queries.js';
import { FileLinks, ID_IMAGE_KINDS, type IdImageKind, type MediaClaims } from './signing/file-links.js';

/** What the content module knows of one item when it builds a view. */
export interface ContentSubject {
  id: string;
  creatorId: string;
  status: ContentMediaFacts['status'];
  /** The files the item shows for free (its cover or its clip, when the creator offers a preview). */
  teaserMediaIds: string[];
  /** 'store' for an item of the store; anything else (a message's own upload) no purchase or subscription opens. */
  purpose: string;
}

/** The message a viewer opens an attachment through, when they do. */
export interface MessageBasis {
  conversationId: string;
  messageId: string;
}

/** The post a viewer opens an item through, when they do. */
export interface PostBasis {
  postId: string;
}

/** Links for one item's files, for one viewer: null wherever the rules say no. */
export interface ContentGrant {
  link(mediaId: string, variant: MediaVariant): string | null;
  /** The blurred preview: public for most stores, signed for an adult store where its page shows, else null. */
  blurred(mediaId: string): string | null;
}

/** What commerce knows of a store when it shows it. */
export interface StoreSubject {
  slug: string;
  ownerId: string;
  isNsfw: boolean;
  bannerKey: string | null;
  avatarKey: string | null;
}

const invalidLink = () => new AppError(403, 'invalid_link', 'This link is invalid or has expired');

/** The one place that decides who reads paid or private bytes and the only minter of links to them. */
@Injectable()
export class EntitlementService {
  private readonly links: FileLinks;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(Clock) clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {
    this.links = new FileLinks(config.JWT_SECRET, clock);
  }

  /** `ageChecked`: this browser passed the age check (adult stores' blurred previews show to it). */
  async contentGrant(
    actor: Actor | null,
    subject: ContentSubject,
    basis?: MessageBasis | PostBasis,
    ageChecked = false,
  ): Promise<ContentGrant> {
    const message = basis && 'messageId' in basis ? basis : undefined;
    const post = basis && 'postId' in basis ? basis : undefined;
    const forSale = subject.purpose === 'store';
    const facts: ContentMediaFacts = {
      creatorId: subject.creatorId,
      status: subject.status,
      isTeaser: false,
      forSale,
      purchase: null,
      message: null,
      post: null,
    };
    const outsider = actor !== null && actor.id !== subject.creatorId && subject.status === 'approved';
    if (outsider && forSale)
      facts.purchase = await this.queries.execute(new PurchaseFactsQuery(actor.id, subject.creatorId, subject.id));
    if (outsider && message)
      facts.message = await this.queries.execute(
        new MessageMediaFactsQuery(actor.id, message.conversationId, message.messageId, subject.id),
      );
    // A post opens to anonymous visitors too (a free post): the route that lists it applied the store's gate.
    if (post && actor?.id !== subject.creatorId && subject.status === 'approved')
      facts.post = await this.queries.execute(new PostMediaFactsQuery(actor?.id ?? null, post.postId, subject.id));
    const store = await this.queries.execute(new StoreAudienceFactsQuery(subject.creatorId));
    const blurredOpen = decideStoreImage(
      { actor, ageChecked },
      { isNsfw: store?.isNsfw ?? false, ownerId: subject.creatorId },
    ).allow;
    return {
      link: (mediaId, variant) => {
        const decision = decideContentMedia(
          actor,
          { ...facts, isTeaser: subject.teaserMediaIds.includes(mediaId) },
          variant,
        );
        return decision.allow ? this.links.mediaLink(mediaId, variant) : null;
      },
      blurred: (mediaId) => {
        if (!store?.isNsfw) return `/api/media/${mediaId}/blurred`;
        return blurredOpen
          ? `/api/media/${mediaId}/blurred?token=${this.links.storeImageToken(`blurred:${mediaId}`)}`
          : null;
      },
    };
  }

  /** Whether a blurred preview may be served to this request: always for most stores, with its link for an adult one. */
  async opensBlurred(mediaId: string, creatorId: string, token: unknown): Promise<boolean> {
    const store = await this.queries.execute(new StoreAudienceFactsQuery(creatorId));
    return !store?.isNsfw || (typeof token === 'string' && this.links.readStoreImage(token) === `blurred:${mediaId}`);
  }

  /** A store's banner and avatar links for one visitor: plain for most stores, signed for an adult store where its page shows. */
  storeImages(visitor: Visitor, store: StoreSubject): { bannerUrl: string | null; avatarUrl: string | null } {
    const open = decideStoreImage(visitor, store).allow;
    const url = (key: string | null) => {
      if (!key || !open) return null;
      const plain = `/api/stores/${store.slug}/images/${key}`;
      return store.isNsfw ? `${plain}?token=${this.links.storeImageToken(key)}` : plain;
    };
    return { bannerUrl: url(store.bannerKey), avatarUrl: url(store.avatarKey) };
  }

  /** Whether a request may have this store image: the visitor may see the store, or holds a live link signed above for it. */
  opensStoreImage(
    visitor: Visitor,
    store: Pick<StoreSubject, 'isNsfw' | 'ownerId'>,
    key: string,
    token: unknown,
  ): boolean {
    return (
      decideStoreImage(visitor, store).allow || (typeof token === 'string' && this.links.readStoreImage(token) === key)
    );
  }

  /** The claims of a media link minted above, or a 403. */
  openContentMedia(token: unknown): MediaClaims {
    const claims = typeof token === 'string' ? this.links.readMedia(token) : null;
    if (!claims) throw new AppError(403, 'invalid_link', 'This media link is invalid or has expired');
    return claims;
  }

  /** Two-minute links to a case's ID images, only for the staff member holding its claim (else nulls). */
  async idImageLinks(actor: Actor, submissionId: string): Promise<Record<IdImageKind, string | null>> {
    const decision = decideIdImage(actor, await this.queries.execute(new IdImageFactsQuery(submissionId, actor.id)));
    return Object.fromEntries(
      ID_IMAGE_KINDS.map((kind) => [
        kind,
        decision.allow ? this.links.idImageLink(submissionId, kind, actor.id) : null,
      ]),
    ) as Record<IdImageKind, string | null>;
  }

  /**
   * Checks an ID image link again when it is followed (the holder may have lost the claim or the
   * role since) and records the read in the audit log before any byte leaves.
   */
  async openIdImage(
    token: unknown,
    reader: Actor,
    ipAddress: string | null,
  ): Promise<{ submissionId: string; kind: IdImageKind }> {
    const claims = typeof token === 'string' ? this.links.readIdImage(token) : null;
    // The link names the reviewer it was minted for; only that reviewer's own session may follow it.
    if (!claims || claims.u !== reader.id) throw invalidLink();
    const facts = await this.queries.execute(new IdImageFactsQuery(claims.s, claims.u));
    const decision = decideIdImage({ id: reader.id, role: facts?.currentRole ?? 'user', aal: reader.aal }, facts);
    if (!decision.allow) throw invalidLink();
    await this.audit.record(this.orm.em.fork(), {
      actorId: claims.u,
      action: 'verification.image_read',
      targetType: 'verification',
      targetId: claims.s,
      details: { kind: claims.k },
      ipAddress,
    });
    return { submissionId: claims.s, kind: claims.k };
  }
}
