import { ArrayType, BigIntType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import type { StoreCurrency, StoreLayout, StoreVisibility } from '../domain/store-settings.js';

export const STORE_STATUSES = ['active', 'suspended'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/**
 * A creator's branded store (SPEC §1): one per owner, at a permanent unique slug, with the
 * sections of the Store Settings page as typed columns.
 */
@Entity({ tableName: 'stores' })
export class Store {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  ownerId!: string;

  @Property({ type: 'text' })
  slug!: string;

  /** Only active stores are listed and shown; a suspended one answers as not found. */
  @Property({ type: 'text' })
  status: StoreStatus = 'active';

  @Property({ type: 'text' })
  displayName!: string;

  @Property({ type: 'text', nullable: true })
  tagline: string | null = null;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'text' })
  accentColor!: string;

  @Property({ type: 'text' })
  layout!: StoreLayout;

  @Property({ type: new BigIntType('number') })
  defaultVideoPriceMinor!: number;

  @Property({ type: new BigIntType('number') })
  defaultAlbumPriceMinor!: number;

  @Property({ type: 'text' })
  currency!: StoreCurrency;

  @Property({ type: 'boolean' })
  allowDownloads!: boolean;

  @Property({ type: 'text' })
  visibility!: StoreVisibility;

  @Property({ type: 'boolean' })
  subscriptionEnabled!: boolean;

  @Property({ type: new BigIntType('number') })
  subscriptionPriceMinor!: number;

  @Property({ type: 'boolean' })
  tipsEnabled!: boolean;

  @Property({ type: new BigIntType('number') })
  minimumTipMinor!: number;

  @Property({ type: 'boolean' })
  referralsEnabled!: boolean;

  @Property({ type: 'boolean' })
  acceptsCollaborationRequests!: boolean;

  /** Email the owner about each sale, tip, subscriber and chargeback (the dashboard entry is written either way). */
  @Property({ type: 'boolean' })
  emailSales: boolean = true;

  @Property({ type: 'boolean' })
  isNsfw!: boolean;

  /** Fans see how many subscribe (off until the creator turns it on). */
  @Property({ type: 'boolean' })
  showSubscriberCount: boolean = false;

  /** Re-encoded images under STORAGE_DIR/store-images; a new upload gets a new key, so links never serve a stale one. */
  @Property({ type: 'text', nullable: true })
  bannerKey: string | null = null;

  @Property({ type: 'text', nullable: true })
  avatarKey: string | null = null;

  @Property({ type: ArrayType })
  categories: string[] = [];

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
