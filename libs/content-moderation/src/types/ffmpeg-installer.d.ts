declare module '@ffmpeg-installer/ffmpeg' {
  /** The ffmpeg binary shipped inside the npm package for this platform. */
  const ffmpeg: { path: string; version: string; url: string };
  export default ffmpeg;
}
