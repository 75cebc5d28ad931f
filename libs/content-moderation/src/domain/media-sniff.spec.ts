import { sniffMedia } from './media-sniff.js';

describe('sniffMedia', () => {
  it('recognises images and videos by their first bytes', () => {
    expect(sniffMedia(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ mediaType: 'image', format: 'jpeg' });
    expect(sniffMedia(Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom')]))).toEqual({
      mediaType: 'video',
      format: 'mp4',
    });
    expect(sniffMedia(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ')]))).toEqual({
      mediaType: 'video',
      format: 'mov',
    });
    expect(
      sniffMedia(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), Buffer.from('B\u0082\u0084webm')])),
    ).toEqual({ mediaType: 'video', format: 'webm' });
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffMedia(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffMedia(Buffer.from('PK\u0003\u0004 a zip named video.mp4'))).toBeNull();
    expect(sniffMedia(Buffer.alloc(0))).toBeNull();
  });
});
