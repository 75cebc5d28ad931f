import sharp from 'sharp';
import { blackPng } from '#app/testing';
import { cleanIdImage, ImageRejected, sniffImage } from './id-image.js';

const photo = (format: 'jpeg' | 'png' | 'webp', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Make: 'SpyCam', Copyright: 'secret-owner' } } })
    [format]()
    .toBuffer();

async function rejection(promise: Promise<unknown>): Promise<ImageRejected> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImageRejected) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('cleanIdImage', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'accepts a %s by content, re-encodes it as JPEG and drops the metadata',
    async (format) => {
      const input = await photo(format);
      expect(sniffImage(input)).toBe(format);
      if (format === 'jpeg') expect(input.includes(Buffer.from('secret-owner'))).toBe(true);
      const clean = await cleanIdImage(input, 'ID photo');
      expect(clean).toMatchObject({ width: 640, height: 480, sourceKind: format });
      const meta = await sharp(clean.data).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(clean.data.includes(Buffer.from('secret-owner'))).toBe(false);
    },
  );

  it('scales big photos down to 2400 px on the long side', async () => {
    const clean = await cleanIdImage(await photo('jpeg', 4000, 3000), 'ID photo');
    expect([clean.width, clean.height]).toEqual([2400, 1800]);
  });

  it('refuses text named like an image, a script appended to an image, a truncated image and a decompression bomb', async () => {
    expect(await rejection(cleanIdImage(Buffer.from('just some text, named id.jpg'), 'ID photo'))).toMatchObject({
      status: 415,
      code: 'unsupported_image',
    });
    const jpeg = await photo('jpeg');
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]);
    expect(await rejection(cleanIdImage(polyglot, 'ID photo'))).toMatchObject({
      status: 422,
      message: expect.stringMatching(/extra data/),
    });
    const png = await photo('png');
    expect(
      await rejection(cleanIdImage(Buffer.concat([png, Buffer.from('PK\u0003\u0004zip')]), 'ID photo')),
    ).toMatchObject({ status: 422 });
    expect(await rejection(cleanIdImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'ID photo'))).toMatchObject({
      status: 422,
    });
    const bomb = blackPng(20000, 20000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await rejection(cleanIdImage(bomb, 'ID photo'))).toMatchObject({
      status: 422,
      message: expect.stringMatching(/20000 × 20000/),
    });
  });

  it('refuses files over 10 MB before looking at them', async () => {
    expect(await rejection(cleanIdImage(Buffer.alloc(10 * 1024 * 1024 + 1), 'ID photo'))).toMatchObject({
      status: 413,
      code: 'file_too_large',
    });
  });
});
