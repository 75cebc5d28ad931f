import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);
/** Bump when the drawings change, so a cached set is drawn again. */
const MEDIA_VERSION = 'v1';

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

/** Every picture the demo marketplace shows, drawn here (no downloads). */
export interface DemoMediaFiles {
  banner: string;
  avatar: string;
  idPhoto: string;
  selfieWithId: string;
  albums: Record<string, string[]>;
  video: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function backdrop(width: number, height: number, palette: Palette, seed: number): string {
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = ((seed * 37 + i * 173) % 100) / 100;
    const y = ((seed * 53 + i * 97) % 100) / 100;
    const r = (0.08 + ((seed + i * 29) % 25) / 100) * Math.min(width, height);
    return `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${Math.round(r)}" fill="${i % 2 ? palette.accent : '#ffffff'}" opacity="${0.08 + (i % 3) * 0.06}"/>`;
  }).join('');
  return `<defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>
      <radialGradient id="glow" cx="0.7" cy="0.3" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>${circles}<rect width="${width}" height="${height}" fill="url(#glow)"/>`;
}

/** A portrait "photo": gradient, soft shapes, a figure's silhouette and a caption. */
export function photoSvg(
  title: string,
  caption: string,
  palette: Palette,
  seed: number,
  width = 1200,
  height = 1500,
): string {
  const cx = width / 2 + (((seed * 61) % 21) - 10) * 8;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${backdrop(width, height, palette, seed)}
    <ellipse cx="${cx}" cy="${height * 0.42}" rx="${width * 0.13}" ry="${width * 0.16}" fill="#101018" opacity="0.55"/>
    <path d="M ${cx - width * 0.3} ${height} Q ${cx - width * 0.28} ${height * 0.6} ${cx} ${height * 0.6} Q ${cx + width * 0.28} ${height * 0.6} ${cx + width * 0.3} ${height} Z" fill="#101018" opacity="0.55"/>
    <rect x="0" y="${height - 250}" width="${width}" height="250" fill="#000000" opacity="0.35"/>
    <text x="70" y="${height - 140}" font-family="DejaVu Sans, sans-serif" font-size="72" font-weight="bold" fill="#ffffff">${escape(title)}</text>
    <text x="70" y="${height - 70}" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#ffffff" opacity="0.85">${escape(caption)}</text>
  </svg>`;
}

/** The banner is pattern only: the page sets the store's name beside it, and a banner is cropped differently on each screen. */
function bannerSvg(palette: Palette): string {
  const width = 1500;
  const height = 500;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    ${backdrop(width, height, palette, 3)}
  </svg>`;
}

function avatarSvg(initials: string, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    ${backdrop(512, 512, palette, 11)}
    <circle cx="256" cy="256" r="200" fill="#000000" opacity="0.25"/>
    <text x="256" y="300" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="150" font-weight="bold" fill="#ffffff">${escape(initials)}</text>
  </svg>`;
}

/** A made-up identity card marked as a demo (the verification form takes real image bytes). */
function idCardSvg(name: string, selfie: boolean): string {
  const palette = { from: '#dfe7f2', to: '#b8c7dc', accent: '#3b5b8c' };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="640" viewBox="0 0 1000 640">
    ${backdrop(1000, 640, palette, selfie ? 5 : 2)}
    <rect x="60" y="60" width="880" height="520" rx="28" fill="#ffffff" opacity="0.9"/>
    <rect x="100" y="150" width="240" height="300" rx="16" fill="#3b5b8c" opacity="0.6"/>
    <text x="380" y="190" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="bold" fill="#1d2b40">DEMO IDENTITY CARD</text>
    <text x="380" y="270" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#1d2b40">${escape(name)}</text>
    <text x="380" y="330" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#44546a">Not a real document</text>
    ${selfie ? '<text x="380" y="400" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#44546a">held by its owner</text>' : ''}
  </svg>`;
}

async function render(svg: string, path: string, format: 'jpeg' | 'png'): Promise<void> {
  const image = sharp(Buffer.from(svg));
  await (format === 'jpeg' ? image.jpeg({ quality: 88 }) : image.png()).toFile(path);
}

/** A few seconds of H.264 drawn frame by frame: a light sweeping across the store's colours. */
async function renderVideo(path: string, title: string, palette: Palette, scratch: string): Promise<void> {
  const frames = 48;
  const folder = join(scratch, 'frames');
  await mkdir(folder);
  for (let frame = 0; frame < frames; frame++) {
    const t = frame / frames;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
      ${backdrop(640, 360, palette, 7)}
      <circle cx="${Math.round(80 + t * 480)}" cy="${Math.round(180 + Math.sin(t * Math.PI * 2) * 80)}" r="70" fill="${palette.accent}" opacity="0.7"/>
      <text x="320" y="330" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" font-weight="bold" fill="#ffffff">${escape(title)}</text>
    </svg>`;
    await render(svg, join(folder, `frame-${String(frame).padStart(3, '0')}.png`), 'png');
  }
  await run(ffmpegInstaller.path, [
    '-v',
    'error',
    '-framerate',
    '12',
    '-i',
    join(folder, 'frame-%03d.png'),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-y',
    path,
  ]);
  await rm(folder, { recursive: true, force: true });
}

export interface DemoMediaPlan {
  storeName: string;
  tagline: string;
  initials: string;
  palette: Palette;
  albums: { key: string; title: string; captions: string[]; palette: Palette }[];
  video: { title: string; palette: Palette };
}

/**
 * Draws the demo's pictures and video once into STORAGE_DIR/demo-media/<version> and answers their
 * paths; a later start finds them there and draws nothing. Written into a scratch folder first, so
 * a start stopped half-way never leaves a partial set behind.
 */
export async function demoMedia(storageDir: string, plan: DemoMediaPlan): Promise<DemoMediaFiles> {
  const root = resolve(storageDir, 'demo-media');
  const dir = join(root, MEDIA_VERSION);
  const files: DemoMediaFiles = {
    banner: join(dir, 'banner.jpg'),
    avatar: join(dir, 'avatar.png'),
    idPhoto: join(dir, 'id-photo.jpg'),
    selfieWithId: join(dir, 'selfie-with-id.jpg'),
    albums: Object.fromEntries(
      plan.albums.map((album) => [album.key, album.captions.map((_, i) => join(dir, `${album.key}-${i + 1}.jpg`))]),
    ),
    video: join(dir, 'video.mp4'),
  };
  if (existsSync(join(dir, 'complete'))) return files;
  await mkdir(root, { recursive: true, mode: 0o700 });
  const scratch = await mkdtemp(join(root, 'drawing-'));
  const at = (path: string) => join(scratch, path.slice(dir.length + 1));
  try {
    await render(bannerSvg(plan.palette), at(files.banner), 'jpeg');
    await render(avatarSvg(plan.initials, plan.palette), at(files.avatar), 'png');
    await render(idCardSvg(plan.storeName, false), at(files.idPhoto), 'jpeg');
    await render(idCardSvg(plan.storeName, true), at(files.selfieWithId), 'jpeg');
    for (const album of plan.albums) {
      for (const [i, caption] of album.captions.entries())
        await render(photoSvg(album.title, caption, album.palette, i + 1), at(files.albums[album.key][i]), 'jpeg');
    }
    await renderVideo(at(files.video), plan.video.title, plan.video.palette, scratch);
    await writeFile(join(scratch, 'complete'), `${new Date().toISOString()}\n`);
    await rm(dir, { recursive: true, force: true });
    await rename(scratch, dir);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw error;
  }
  return files;
}

export const readMedia = (path: string) => readFile(path);
