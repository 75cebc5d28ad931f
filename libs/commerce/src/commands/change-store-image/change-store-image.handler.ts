import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG, Clock, ImageRejected, cleanImage, type AppConfig } from '#app/platform';
import { CommerceErrors } from '../../commerce.errors.js';
import { STORE_IMAGE_SHAPES, storeImageKey } from '../../domain/store-images.js';
import { Store } from '../../entities/store.entity.js';
import { storeImagesDirectory } from '../../queries/store-image/store-image.handler.js';
import { toStoreView, type StoreView } from '../../queries/store-views.js';
import { ChangeStoreImageCommand } from './change-store-image.command.js';

@CommandHandler(ChangeStoreImageCommand)
export class ChangeStoreImageHandler implements ICommandHandler<ChangeStoreImageCommand> {
  private readonly directory: string;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.directory = storeImagesDirectory(config);
  }

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
          await mkdir(this.directory, { recursive: true });
          await writeFile(join(this.directory, written), clean.data);
        }
        replaced = store[column];
        store[column] = written;
        store.updatedAt = this.clock.now();
        await em.flush();
        return toStoreView(store);
      });
      if (replaced) await rm(join(this.directory, replaced), { force: true });
      return view;
    } catch (error) {
      // The row kept the old image: the new file is nobody's.
      if (written) await rm(join(this.directory, written), { force: true });
      throw error;
    }
  }
}

function rejected(error: unknown): never {
  if (error instanceof ImageRejected) throw CommerceErrors.imageRejected(error.status, error.code, error.message);
  throw error;
}
