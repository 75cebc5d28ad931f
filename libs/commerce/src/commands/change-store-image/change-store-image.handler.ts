import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { Clock, ImageRejected, ObjectStorage, cleanImage } from '#app/platform';
import { CommerceErrors } from '../../commerce.errors.js';
import { STORE_IMAGE_SHAPES, storeImageKey } from '../../domain/store-images.js';
import { Store } from '../../entities/store.entity.js';
import { storeImageObject } from '../../queries/store-image/store-image.handler.js';
import { EntitlementService } from '#app/entitlements';
import { ownerImages, toStoreView, type StoreView } from '../../queries/store-views.js';
import { ChangeStoreImageCommand } from './change-store-image.command.js';

@CommandHandler(ChangeStoreImageCommand)
export class ChangeStoreImageHandler implements ICommandHandler<ChangeStoreImageCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
  ) {}

  async execute({ ownerId, kind, bytes }: ChangeStoreImageCommand): Promise<StoreView> {
    const shape = STORE_IMAGE_SHAPES[kind];
    // Checked and re-encoded before any row is locked: decoding a large photo takes a while.
    const clean = bytes === null ? null : await cleanImage(bytes, shape.label, shape).catch(rejected);
    const column = kind === 'banner' ? 'bannerKey' : 'avatarKey';
    let written: string | null = null;
    let replaced: string | null = null;
    try {
      const view = await this.orm.em.fork().transactional(async (em) => {
        const store = await em.findOne(Store, { ownerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!store) throw CommerceErrors.noStore();
        if (clean) {
          written = storeImageKey(store.id, kind, randomBytes(6).toString('hex'));
          await this.storage.put(storeImageObject(written), clean.data);
        }
        replaced = store[column];
        store[column] = written;
        store.updatedAt = this.clock.now();
        await em.flush();
        return toStoreView(store, ownerImages(this.entitlements, store));
      });
      if (replaced) await this.storage.delete(storeImageObject(replaced));
      return view;
    } catch (error) {
      // The row kept the old image: the new file is nobody's.
      if (written) await this.storage.delete(storeImageObject(written)).catch(() => undefined);
      throw error;
    }
  }
}

function rejected(error: unknown): never {
  if (error instanceof ImageRejected) throw CommerceErrors.imageRejected(error.status, error.code, error.message);
  throw error;
}
