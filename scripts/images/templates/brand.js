// Shared by every template: URL parameters, brand, logo mark, seeded randomness and abstract artwork.
// Templates are opened from disk by scripts/images/generate.mjs with ?theme=&device=&brand=&handle=.
(function () {
  const q = new URLSearchParams(location.search);
  const brand = q.get('brand') || 'Fanmint';
  const slug = brand
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const params = {
    theme: q.get('theme') === 'light' ? 'light' : 'dark',
    device: q.get('device') === 'mobile' ? 'mobile' : 'desktop',
    brand,
    slug,
    handle: q.get('handle') || `${slug}official`,
    domain: `${slug}.com`,
    // the site's own logo mark (frontend/public/favicon.svg), passed by the generator so a rebrand follows it
    mark: q.get('mark') || '',
  };

  let uid = 0;
  const nextId = (prefix) => `${prefix}${++uid}`;

  /** The logo mark: favicon.svg when given, else the same drawing inline (Logo.tsx), with a unique gradient id. */
  function logoMark(size = 32) {
    if (params.mark)
      return `<img src="${params.mark}" width="${size}" height="${size}" alt="" style="display:block;flex-shrink:0">`;
    const id = nextId('mark');
    return `<svg width="${size}" height="${size}" viewBox="0 0 64 64" aria-hidden="true"><defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a5529f"/><stop offset="1" stop-color="#6fcee7"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#${id})"/><path d="M22 48V18h22v6.5H29.5v6h12.5V37H29.5v11z" fill="#fff"/><circle cx="46" cy="44" r="4" fill="#fff" opacity="0.9"/></svg>`;
  }

  /** Deterministic pseudo-random numbers, so every run draws the same pictures. */
  function rng(seed) {
    let a =
      typeof seed === 'number'
        ? seed
        : [...String(seed)].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
    return () => {
      a |= 0;
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const PALETTES = [
    ['#5d2b5a', '#a5529f', '#f3a6c8', '#ffd7a8'],
    ['#1f6275', '#3a9fbb', '#8fdaee', '#e8f9fd'],
    ['#2d3561', '#c05c7e', '#f3826f', '#ffb961'],
    ['#12203a', '#355c7d', '#6c5b7b', '#f67280'],
    ['#134e5e', '#2f8f83', '#71b280', '#e9f5c9'],
    ['#3d1e6d', '#8e4589', '#ee9ca7', '#ffdde1'],
    ['#1b1b3a', '#693668', '#a74482', '#f84aa7'],
    ['#0f3443', '#34e89e', '#b8f2e6', '#fef9ef'],
    ['#40241a', '#b85c38', '#e0c097', '#f5e8c7'],
    ['#22223b', '#4a4e69', '#9a8c98', '#f2e9e4'],
  ];

  /**
   * Covers of the sample content, so an album or video looks the same on every preview
   * (style + palette index into PALETTES); other seeds get a random pick.
   */
  const COVERS = {
    'v-golden': ['sunset', 2],
    'v-lisbon': ['arches', 5],
    'v-neon': ['waves', 6],
    'v-qa': ['orbs', 1],
    'v-lagoon': ['dunes', 1],
    'v-teaser': ['prism', 0],
    'v-rooftop': ['sunset', 3],
    'v-city': ['waves', 3],
    'a-sunset': ['sunset', 0],
    'a-velvet': ['dunes', 5],
    'a-coastal': ['waves', 1],
    'a-diaries': ['arches', 3],
    'a-paris': ['orbs', 1],
    'a-silk': ['prism', 6],
    'a-neon': ['waves', 6],
    'a-desert': ['dunes', 8],
    'a-lavender': ['dunes', 5],
    's-velvet': ['sunset', 0],
    's-nova': ['waves', 3],
    's-jade': ['dunes', 4],
    's-luna': ['orbs', 1],
    's-coral': ['arches', 2],
    's-atelier': ['prism', 9],
  };

  /**
   * Abstract artwork used for video, album and store covers: gradients, a sun, dunes, waves, orbs
   * or arches. No people, nothing explicit: the previews are public.
   */
  function art(seed, { w = 320, h = 200, style, palette } = {}) {
    const r = rng(seed);
    const cover = COVERS[seed];
    const pickedPalette = PALETTES[Math.floor(r() * PALETTES.length)];
    const pickedStyle = ['sunset', 'orbs', 'dunes', 'waves', 'arches', 'prism'][Math.floor(r() * 6)];
    const pal = palette ?? (cover ? PALETTES[cover[1]] : pickedPalette);
    const kind = style ?? (cover ? cover[0] : pickedStyle);
    const g = nextId('art');
    const W = 320;
    const H = 200;
    let shapes = '';
    const bg = `<defs><linearGradient id="${g}" x1="0" y1="0" x2="${r() > 0.5 ? 1 : 0.3}" y2="1"><stop offset="0" stop-color="${pal[0]}"/><stop offset="0.6" stop-color="${pal[1]}"/><stop offset="1" stop-color="${pal[2]}"/></linearGradient><radialGradient id="${g}s"><stop offset="0" stop-color="${pal[3]}"/><stop offset="1" stop-color="${pal[3]}" stop-opacity="0"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#${g})"/>`;
    if (kind === 'sunset') {
      const cx = 80 + r() * 160;
      const cy = 70 + r() * 40;
      shapes += `<circle cx="${cx}" cy="${cy}" r="90" fill="url(#${g}s)" opacity="0.55"/><circle cx="${cx}" cy="${cy}" r="${26 + r() * 14}" fill="${pal[3]}" opacity="0.95"/>`;
      for (let i = 0; i < 3; i++) {
        const y = 120 + i * 26;
        const a = 10 + r() * 14;
        shapes += `<path d="M0 ${y} C ${W * 0.25} ${y - a}, ${W * 0.5} ${y + a}, ${W * 0.75} ${y - a / 2} S ${W} ${y + a / 3}, ${W} ${y} V ${H} H 0 Z" fill="${pal[i === 2 ? 0 : 1]}" opacity="${0.45 + i * 0.2}"/>`;
      }
    } else if (kind === 'orbs') {
      for (let i = 0; i < 7; i++) {
        shapes += `<circle cx="${r() * W}" cy="${r() * H}" r="${20 + r() * 60}" fill="${pal[1 + Math.floor(r() * 3)]}" opacity="${0.25 + r() * 0.4}"/>`;
      }
      shapes += `<circle cx="${W * 0.7}" cy="${H * 0.35}" r="70" fill="url(#${g}s)" opacity="0.6"/>`;
    } else if (kind === 'dunes') {
      for (let i = 0; i < 4; i++) {
        const y = 70 + i * 32;
        shapes += `<path d="M0 ${y + r() * 20} Q ${W * (0.3 + r() * 0.4)} ${y - 40 - r() * 20} ${W} ${y + r() * 30} V ${H} H 0 Z" fill="${pal[i % 2 === 0 ? 3 : 2]}" opacity="${0.22 + i * 0.14}"/>`;
      }
      shapes += `<circle cx="${60 + r() * 200}" cy="46" r="16" fill="${pal[3]}" opacity="0.9"/>`;
    } else if (kind === 'waves') {
      for (let i = 0; i < 9; i++) {
        const y = 20 + i * 22;
        shapes += `<path d="M-10 ${y} C 60 ${y - 24}, 120 ${y + 24}, 180 ${y} S 300 ${y - 24}, 340 ${y}" stroke="${pal[2 + (i % 2)]}" stroke-width="${3 + (i % 3) * 2}" fill="none" opacity="${0.3 + (i % 4) * 0.15}"/>`;
      }
    } else if (kind === 'arches') {
      const cx = 100 + r() * 120;
      for (let i = 5; i > 0; i--) {
        const rad = i * 24;
        shapes += `<path d="M${cx - rad} ${H} V ${H - 40} A ${rad} ${rad} 0 0 1 ${cx + rad} ${H - 40} V ${H} Z" fill="${pal[i % 4]}" opacity="${0.5 + (5 - i) * 0.1}"/>`;
      }
      shapes += `<circle cx="${cx + 90}" cy="44" r="12" fill="${pal[3]}"/>`;
    } else {
      for (let i = 0; i < 6; i++) {
        const x = r() * W;
        const y = r() * H;
        const s = 50 + r() * 90;
        shapes += `<polygon points="${x},${y - s} ${x + s},${y + s * 0.6} ${x - s},${y + s * 0.6}" fill="${pal[1 + (i % 3)]}" opacity="${0.2 + r() * 0.35}" transform="rotate(${r() * 60 - 30} ${x} ${y})"/>`;
      }
    }
    return `<svg class="art" viewBox="0 0 ${W} ${H}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice" aria-hidden="true">${bg}${shapes}</svg>`;
  }

  window.Brand = { params, logoMark, rng, art, PALETTES, nextId };
})();
