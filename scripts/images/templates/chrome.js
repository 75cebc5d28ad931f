// The dashboard chrome every preview template shares: the sidebar of
// frontend/src/features/dashboard/components/DashboardSidebar.tsx (desktop) or the burger header (mobile),
// the Mantine-like look of frontend/src/app/theme.ts in light and dark, and small drawing helpers
// (icons, badges, avatars, SVG charts). Needs brand.js and icons.js loaded first.
(function () {
  const { params, logoMark, rng, art } = window.Brand;
  const { theme, device, brand } = params;
  document.documentElement.classList.add(theme, device);

  /** Same groups, labels and icons as frontend/src/features/dashboard/dashboard-nav.ts. */
  const NAV = [
    {
      title: 'General',
      items: [
        ['Dashboard', '/dashboard', 'home'],
        ['General Settings', '/dashboard/settings', 'settings'],
        ['Security', '/dashboard/security', 'shield-lock'],
        ['Rewards', '/dashboard/rewards', 'gift'],
        ['Verification', '/dashboard/verification', 'id'],
        ['Favorite Stores', '/dashboard/favorite-stores', 'heart'],
        ['Purchases', '/dashboard/purchases', 'shopping-bag'],
        ['Referrals', '/dashboard/myreferrals', 'user-plus'],
        ['Billing & Payments', '/dashboard/billingandpayments', 'credit-card'],
      ],
    },
    {
      title: 'Creator Section',
      items: [
        ['Sales', '/dashboard/sales', 'chart-bar'],
        ['Store Settings', '/dashboard/mystoresettings', 'building-store'],
        ['My Videos', '/dashboard/my-videos', 'video'],
        ['Photo Albums', '/dashboard/photo-albums', 'photo'],
        ['Collaborators', '/dashboard/collaborators', 'users-group'],
        ['AI Business Advisor', '/dashboard/ai-business-advisor', 'robot'],
        ['AI Creator Studio', '/dashboard/ai-creator-studio', 'sparkles'],
      ],
    },
    { title: 'Other', items: [['Support', '/dashboard/support', 'headset']] },
  ];

  const CSS = `
  :root { --primary:#a5529f; --primary-strong:#8e4589; --aqua:#6fcee7; --radius:8px; }
  html.dark { --bg:#1f1d2b; --surface:#2a2738; --surface-2:#37344a; --sunken:#181622; --border:#4a465a; --border-soft:#37344a;
    --text:#e2e0ea; --strong:#f4f3f8; --dimmed:#9a96ab; --nav-active-bg:rgba(165,82,159,0.22); --nav-active:#f3def1;
    --link:#d897d2; --grid:#37344a; --axis:#8f8ba0; --input:#1f1d2b; --shadow:none; --track:#4a465a; }
  html.light { --bg:#ffffff; --surface:#ffffff; --surface-2:#f8f9fa; --sunken:#f4f2f7; --border:#dee2e6; --border-soft:#eceef1;
    --text:#14121c; --strong:#14121c; --dimmed:#6f6b7e; --nav-active-bg:#f6e7f4; --nav-active:#763872;
    --link:#8e4589; --grid:#eceef1; --axis:#868e96; --input:#ffffff; --shadow:0 1px 2px rgba(20,18,28,0.05); --track:#dee2e6; }
  * { box-sizing:border-box; margin:0; padding:0; }
  html, body { background:var(--bg); color:var(--text); overflow:hidden;
    font-family:Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
    font-size:14px; line-height:1.45; -webkit-font-smoothing:antialiased; }
  html.desktop body { width:1280px; height:800px; }
  html.mobile body { width:390px; height:844px; }
  svg { display:block; flex-shrink:0; }
  .tnum { font-variant-numeric:tabular-nums; }
  .app { display:grid; grid-template-columns:280px 1fr; height:100%; }
  html.mobile .app { grid-template-columns:1fr; grid-template-rows:60px 1fr; }
  /* sidebar */
  .sidebar { border-right:1px solid var(--border); display:flex; flex-direction:column; height:800px; background:var(--bg); }
  .logo { display:flex; align-items:center; gap:8px; font-weight:800; font-size:20px; letter-spacing:-0.02em; color:var(--strong); }
  .sidebar .logo { padding:16px; }
  .signed { margin:0 16px 16px; padding:8px 10px; border-radius:8px; background:var(--surface-2); }
  .signed small { display:block; font-size:11px; font-weight:600; letter-spacing:0.05em; text-transform:uppercase; color:var(--dimmed); }
  .signed b { font-size:13.5px; font-weight:600; color:var(--strong); }
  .divider { border-top:1px solid var(--border); }
  .nav { flex:1; overflow:hidden; padding:8px; }
  .nav h6 { font-size:11px; font-weight:700; letter-spacing:0.06em; text-transform:uppercase; color:var(--dimmed); padding:8px 8px 4px; }
  .nav a { display:flex; align-items:center; gap:12px; padding:9px 12px; border-radius:4px; color:var(--text); font-size:14px; text-decoration:none; }
  .nav a svg { color:var(--dimmed); }
  .nav a.active { background:var(--nav-active-bg); color:var(--nav-active); font-weight:600; }
  .nav a.active svg { color:var(--nav-active); }
  .nav .group { margin-bottom:12px; }
  .side-foot { padding:16px; display:flex; flex-direction:column; gap:8px; }
  .side-foot .row { justify-content:space-between; }
  .iconbtn { width:34px; height:34px; border:1px solid var(--border); border-radius:4px; display:grid; place-items:center; color:var(--text); background:var(--surface); }
  /* mobile header */
  .mheader { display:flex; align-items:center; justify-content:space-between; padding:0 16px; border-bottom:1px solid var(--border); background:var(--bg); }
  .mheader .left { display:flex; align-items:center; gap:12px; }
  /* main */
  .main { padding:32px; overflow:hidden; height:800px; min-width:0; }
  html.mobile .main { padding:16px; height:784px; }
  .page-head { display:flex; align-items:flex-start; justify-content:space-between; gap:16px; margin-bottom:24px; }
  html.mobile .page-head { margin-bottom:16px; flex-direction:column; gap:12px; }
  h1 { font-size:28px; line-height:1.2; font-weight:700; color:var(--strong); letter-spacing:-0.01em; }
  html.mobile h1 { font-size:24px; }
  .sub { color:var(--dimmed); margin-top:4px; font-size:14.5px; }
  h2 { font-size:16px; font-weight:700; color:var(--strong); }
  h3 { font-size:14px; font-weight:600; color:var(--strong); }
  .muted { color:var(--dimmed); }
  .small { font-size:12.5px; }
  .xs { font-size:11.5px; }
  .strong { color:var(--strong); font-weight:600; }
  .row { display:flex; align-items:center; gap:8px; }
  .between { display:flex; align-items:center; justify-content:space-between; gap:12px; }
  .stack { display:flex; flex-direction:column; gap:8px; }
  .grid { display:grid; gap:16px; }
  .g2 { grid-template-columns:repeat(2, minmax(0,1fr)); }
  .g3 { grid-template-columns:repeat(3, minmax(0,1fr)); }
  .g4 { grid-template-columns:repeat(4, minmax(0,1fr)); }
  .mt8 { margin-top:8px; } .mt12 { margin-top:12px; } .mt16 { margin-top:16px; } .mt24 { margin-top:24px; }
  html.mobile .g2, html.mobile .g3 { grid-template-columns:1fr; }
  html.mobile .g4 { grid-template-columns:repeat(2, minmax(0,1fr)); }
  html.mobile .grid { gap:12px; }
  html.mobile .d-only { display:none !important; }
  html.desktop .m-only { display:none !important; }
  .card { background:var(--surface); border:1px solid var(--border); border-radius:var(--radius); padding:16px; box-shadow:var(--shadow); min-width:0; }
  .card.pad0 { padding:0; overflow:hidden; }
  .card-head { display:flex; align-items:center; justify-content:space-between; gap:12px; margin-bottom:12px; }
  /* stats */
  .stat .label { display:flex; align-items:center; justify-content:space-between; color:var(--dimmed); font-size:12px; font-weight:600; text-transform:uppercase; letter-spacing:0.04em; }
  .stat .value { font-size:24px; font-weight:700; color:var(--strong); margin-top:8px; font-variant-numeric:tabular-nums; letter-spacing:-0.01em; }
  html.mobile .stat .value { font-size:20px; }
  html.mobile .stat .label { font-size:11px; }
  html.mobile .stat .label .ticon { display:none; }
  .stat .delta { font-size:12.5px; margin-top:4px; display:flex; align-items:center; gap:4px; }
  .up { color:#2f9e44; } html.dark .up { color:#69db7c; }
  .down { color:#e03131; } html.dark .down { color:#ff8787; }
  .ticon { width:36px; height:36px; border-radius:8px; display:grid; place-items:center; flex-shrink:0; }
  .ticon.fanmint { background:rgba(165,82,159,0.14); color:#a5529f; } html.dark .ticon.fanmint { background:rgba(165,82,159,0.22); color:#e6bce2; }
  .ticon.aqua { background:rgba(111,206,231,0.18); color:#2d8199; } html.dark .ticon.aqua { background:rgba(111,206,231,0.16); color:#8fdaee; }
  .ticon.green { background:rgba(64,192,87,0.14); color:#2b8a3e; } html.dark .ticon.green { background:rgba(64,192,87,0.16); color:#8ce99a; }
  .ticon.orange { background:rgba(253,126,20,0.13); color:#d9480f; } html.dark .ticon.orange { background:rgba(253,126,20,0.16); color:#ffc078; }
  /* badges */
  .badge { display:inline-flex; align-items:center; gap:4px; height:20px; padding:0 8px; border-radius:999px; font-size:10.5px; font-weight:700; letter-spacing:0.04em; text-transform:uppercase; white-space:nowrap; }
  .badge.green { background:#ebfbee; color:#2b8a3e; } html.dark .badge.green { background:rgba(64,192,87,0.16); color:#8ce99a; }
  .badge.yellow { background:#fff4e6; color:#c2410c; } html.dark .badge.yellow { background:rgba(250,176,5,0.16); color:#ffd43b; }
  .badge.red { background:#fff5f5; color:#c92a2a; } html.dark .badge.red { background:rgba(250,82,82,0.16); color:#ffa8a8; }
  .badge.aqua { background:#e8f9fd; color:#1f6275; } html.dark .badge.aqua { background:rgba(111,206,231,0.16); color:#aee5f4; }
  .badge.fanmint { background:#fcf1fb; color:#763872; } html.dark .badge.fanmint { background:rgba(165,82,159,0.24); color:#f3def1; }
  .badge.gray { background:#f1f3f5; color:#495057; } html.dark .badge.gray { background:#37344a; color:#b9b6c6; }
  .badge.solid { background:var(--primary); color:#fff; }
  /* buttons, inputs */
  .btn { display:inline-flex; align-items:center; justify-content:center; gap:8px; height:36px; padding:0 16px; border-radius:4px; font-weight:600; font-size:14px; white-space:nowrap; border:1px solid transparent; }
  .btn.sm { height:30px; padding:0 12px; font-size:13px; gap:6px; }
  .btn.xs { height:26px; padding:0 10px; font-size:12px; gap:4px; }
  .btn.primary { background:var(--primary); color:#fff; }
  .btn.default { background:var(--surface); border-color:var(--border); color:var(--strong); }
  .btn.light { background:rgba(165,82,159,0.12); color:#8e4589; } html.dark .btn.light { background:rgba(165,82,159,0.22); color:#f3def1; }
  .btn.red { background:#fff5f5; color:#c92a2a; } html.dark .btn.red { background:rgba(250,82,82,0.15); color:#ffa8a8; }
  .btn.green { background:#2f9e44; color:#fff; }
  .btn.full { width:100%; }
  .input { height:36px; border:1px solid var(--border); background:var(--input); border-radius:4px; padding:0 12px; display:flex; align-items:center; gap:8px; color:var(--text); font-size:14px; min-width:0; }
  .input .ph { color:var(--dimmed); }
  .field label { display:block; font-size:13.5px; font-weight:600; color:var(--strong); margin-bottom:4px; }
  .field .hint { font-size:12px; color:var(--dimmed); margin-top:4px; }
  .switch { width:38px; height:22px; border-radius:999px; background:var(--track); position:relative; flex-shrink:0; }
  .switch::after { content:''; position:absolute; top:3px; left:3px; width:16px; height:16px; border-radius:50%; background:#fff; box-shadow:0 1px 2px rgba(0,0,0,.25); }
  .switch.on { background:var(--primary); }
  .switch.on::after { left:19px; }
  .check { width:18px; height:18px; border-radius:4px; border:1px solid var(--border); display:grid; place-items:center; flex-shrink:0; background:var(--input); }
  .check.on { background:var(--primary); border-color:var(--primary); color:#fff; }
  .tabs { display:flex; gap:4px; border-bottom:1px solid var(--border); margin-bottom:16px; }
  .tabs span { padding:8px 14px; font-weight:600; font-size:13.5px; color:var(--dimmed); border-bottom:2px solid transparent; margin-bottom:-1px; display:flex; align-items:center; gap:6px; white-space:nowrap; }
  .tabs span.on { color:var(--strong); border-color:var(--primary); }
  .seg { display:inline-flex; background:var(--surface-2); border-radius:6px; padding:3px; gap:2px; border:1px solid var(--border-soft); }
  .seg span { padding:4px 10px; border-radius:4px; font-size:12.5px; font-weight:600; color:var(--dimmed); }
  .seg span.on { background:var(--surface); color:var(--strong); box-shadow:0 1px 2px rgba(0,0,0,.12); }
  html.dark .seg span.on { background:#4a465a; }
  /* tables */
  table { width:100%; border-collapse:collapse; font-size:13.5px; }
  th { text-align:left; font-size:11.5px; font-weight:700; text-transform:uppercase; letter-spacing:0.04em; color:var(--dimmed); padding:10px 16px; border-bottom:1px solid var(--border); background:var(--surface-2); white-space:nowrap; }
  html.dark th { background:rgba(0,0,0,0.12); }
  td { padding:10px 16px; border-bottom:1px solid var(--border-soft); vertical-align:middle; white-space:nowrap; }
  tr:last-child td { border-bottom:0; }
  td.num, th.num { text-align:right; font-variant-numeric:tabular-nums; }
  .list-item { display:flex; align-items:center; gap:12px; padding:10px 0; border-bottom:1px solid var(--border-soft); }
  .list-item:last-child { border-bottom:0; }
  .avatar { border-radius:50%; display:grid; place-items:center; color:#fff; font-weight:700; flex-shrink:0; letter-spacing:0.02em; }
  .thumb { border-radius:6px; overflow:hidden; flex-shrink:0; position:relative; }
  .thumb svg.art { width:100%; height:100%; }
  .progress { height:6px; border-radius:999px; background:var(--surface-2); overflow:hidden; }
  html.dark .progress { background:#37344a; }
  .progress i { display:block; height:100%; border-radius:999px; background:linear-gradient(90deg, #a5529f, #6fcee7); }
  .ellipsis { overflow:hidden; text-overflow:ellipsis; white-space:nowrap; min-width:0; }
  .legend { display:flex; gap:16px; flex-wrap:wrap; font-size:12.5px; color:var(--dimmed); }
  .legend i { display:inline-block; width:10px; height:10px; border-radius:3px; margin-right:6px; vertical-align:-1px; }
  .chart text { font-family:inherit; font-size:11px; fill:var(--axis); }
  `;

  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.appendChild(style);

  // ------------------------------------------------------------------ helpers

  function icon(name, size = 18, stroke = 1.7, extra = '') {
    const paths = window.ICON_PATHS[name];
    if (!paths) throw new Error(`icon ${name} is missing from icons.js (add it to build-icons.mjs)`);
    return `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" ${extra}>${paths}</svg>`;
  }

  const badge = (text, color = 'gray', ic) =>
    `<span class="badge ${color}">${ic ? icon(ic, 12, 2.2) : ''}${text}</span>`;

  const AVATAR_GRADIENTS = [
    ['#a5529f', '#6fcee7'],
    ['#f3826f', '#c05c7e'],
    ['#3a9fbb', '#8fdaee'],
    ['#6c5b7b', '#f67280'],
    ['#2f8f83', '#71b280'],
    ['#8e4589', '#ee9ca7'],
    ['#b85c38', '#e0c097'],
    ['#4a4e69', '#9a8c98'],
  ];
  /** Monogram avatars: initials on a gradient, no photos of people. */
  function avatar(name, size = 36, seed) {
    const r = rng(seed ?? name);
    const [a, b] = AVATAR_GRADIENTS[Math.floor(r() * AVATAR_GRADIENTS.length)];
    const initials = name
      .split(/\s+/)
      .map((p) => p[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
    return `<span class="avatar" style="width:${size}px;height:${size}px;font-size:${Math.round(size * 0.38)}px;background:linear-gradient(135deg, ${a}, ${b})">${initials}</span>`;
  }

  const thumb = (seed, w, h, opts = {}) =>
    `<div class="thumb" style="width:${w}px;height:${h}px">${art(seed, { w, h, ...opts })}</div>`;

  const eur = (n, digits = 2) =>
    `${n < 0 ? '−' : ''}€${Math.abs(n).toLocaleString('en-IE', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
  const num = (n, digits = 0) =>
    n.toLocaleString('en-IE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

  /** A deterministic, gently trending series of n points. */
  function series(seed, n, base, { trend = 0.01, noise = 0.18, weekly = 0.12 } = {}) {
    const r = rng(seed);
    const out = [];
    for (let i = 0; i < n; i++) {
      const t = base * (1 + trend * i) * (1 + weekly * Math.sin((i / 7) * Math.PI * 2 + 1));
      out.push(Math.max(0, t * (1 + (r() - 0.5) * 2 * noise)));
    }
    return out;
  }

  function smoothPath(pts) {
    if (pts.length < 2) return '';
    let d = `M${pts[0][0].toFixed(1)} ${pts[0][1].toFixed(1)}`;
    for (let i = 0; i < pts.length - 1; i++) {
      const p0 = pts[i - 1] ?? pts[i];
      const p1 = pts[i];
      const p2 = pts[i + 1];
      const p3 = pts[i + 2] ?? p2;
      const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
      const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
      d += ` C${c1[0].toFixed(1)} ${c1[1].toFixed(1)} ${c2[0].toFixed(1)} ${c2[1].toFixed(1)} ${p2[0].toFixed(1)} ${p2[1].toFixed(1)}`;
    }
    return d;
  }

  /** A round axis maximum that splits into `ticks` round steps. */
  function niceMax(v, ticks = 4) {
    const raw = v / ticks;
    const p = 10 ** Math.floor(Math.log10(raw));
    const f = raw / p;
    const steps = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
    return steps.find((st) => f <= st + 1e-9) * p * ticks;
  }

  /** Deferred drawings sized to their container: slot(fn) -> placeholder; fn(width) runs after layout. */
  const slots = [];
  function slot(fn, height) {
    slots.push(fn);
    return `<div class="slot" data-slot="${slots.length - 1}" style="height:${height}px"></div>`;
  }

  /** Line/area chart. series: [{ data, color, area?, dash? }], labels: x labels (sparse ok). */
  function lineChart({ w, h, series: list, labels = [], yFormat = (v) => v, ticks = 4, max, padL = 48 }) {
    const padR = 8;
    const padT = 8;
    const padB = 24;
    const top = max ?? niceMax(Math.max(...list.flatMap((s) => s.data)) * 1.05, ticks);
    const n = list[0].data.length;
    const x = (i) => padL + (i * (w - padL - padR)) / (n - 1);
    const y = (v) => padT + (h - padT - padB) * (1 - v / top);
    let out = `<svg class="chart" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">`;
    for (let t = 0; t <= ticks; t++) {
      const v = (top * t) / ticks;
      out += `<line x1="${padL}" x2="${w - padR}" y1="${y(v)}" y2="${y(v)}" stroke="var(--grid)" ${t ? 'stroke-dasharray="3 4"' : ''}/>`;
      out += `<text x="${padL - 8}" y="${y(v) + 4}" text-anchor="end">${yFormat(v)}</text>`;
    }
    labels.forEach((label, i) => {
      const anchor = i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle';
      if (label) out += `<text x="${x(i)}" y="${h - 6}" text-anchor="${anchor}">${label}</text>`;
    });
    for (const s of list) {
      const pts = s.data.map((v, i) => [x(i), y(v)]);
      const d = smoothPath(pts);
      if (s.area) {
        const id = window.Brand.nextId('area');
        out += `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.color}" stop-opacity="${params.theme === 'dark' ? 0.35 : 0.22}"/><stop offset="1" stop-color="${s.color}" stop-opacity="0"/></linearGradient></defs>`;
        out += `<path d="${d} L${x(n - 1)} ${y(0)} L${x(0)} ${y(0)} Z" fill="url(#${id})"/>`;
      }
      out += `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="${s.width ?? 2.2}" ${s.dash ? 'stroke-dasharray="5 5"' : ''} stroke-linecap="round"/>`;
      if (s.dot != null) {
        const [px, py] = pts[s.dot];
        out += `<circle cx="${px}" cy="${py}" r="4.5" fill="var(--surface)" stroke="${s.color}" stroke-width="2.5"/>`;
      }
    }
    return `${out}</svg>`;
  }

  /** Vertical bar chart; stacks: [{ data, color }] stacked bottom-up. */
  function barChart({ w, h, stacks, labels = [], yFormat = (v) => v, ticks = 4, padL = 44, gap = 0.38, highlight }) {
    const padR = 4;
    const padT = 8;
    const padB = 24;
    const n = stacks[0].data.length;
    const totals = Array.from({ length: n }, (_, i) => stacks.reduce((s, st) => s + st.data[i], 0));
    const top = niceMax(Math.max(...totals) * 1.05, ticks);
    const slot = (w - padL - padR) / n;
    const bw = slot * (1 - gap);
    const y = (v) => padT + (h - padT - padB) * (1 - v / top);
    let out = `<svg class="chart" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true">`;
    for (let t = 0; t <= ticks; t++) {
      const v = (top * t) / ticks;
      out += `<line x1="${padL}" x2="${w - padR}" y1="${y(v)}" y2="${y(v)}" stroke="var(--grid)" ${t ? 'stroke-dasharray="3 4"' : ''}/>`;
      out += `<text x="${padL - 8}" y="${y(v) + 4}" text-anchor="end">${yFormat(v)}</text>`;
    }
    for (let i = 0; i < n; i++) {
      let acc = 0;
      const x0 = padL + i * slot + (slot - bw) / 2;
      stacks.forEach((st, k) => {
        const v = st.data[i];
        const y1 = y(acc + v);
        const y0 = y(acc);
        const isTop = k === stacks.length - 1;
        const opacity = highlight != null && highlight !== i ? 0.55 : 1;
        out += `<path d="${roundTop(x0, y1, bw, y0 - y1, isTop ? Math.min(4, bw / 2) : 0)}" fill="${st.color}" opacity="${opacity}"/>`;
        acc += v;
      });
      if (labels[i]) out += `<text x="${x0 + bw / 2}" y="${h - 6}" text-anchor="middle">${labels[i]}</text>`;
    }
    return `${out}</svg>`;
  }

  function roundTop(x, y, w, h, r) {
    if (h <= 0) return '';
    r = Math.min(r, h);
    return `M${x} ${y + h} V${y + r} Q${x} ${y} ${x + r} ${y} H${x + w - r} Q${x + w} ${y} ${x + w} ${y + r} V${y + h} Z`;
  }

  /** Donut: parts [{ value, color }]. */
  function donut({ size, parts, thickness = 18, center = '', sub = '' }) {
    const total = parts.reduce((s, p) => s + p.value, 0);
    const r = size / 2 - thickness / 2;
    const c = 2 * Math.PI * r;
    let offset = 0;
    let out = `<svg class="chart" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true"><g transform="rotate(-90 ${size / 2} ${size / 2})">`;
    for (const p of parts) {
      const len = (p.value / total) * c;
      out += `<circle cx="${size / 2}" cy="${size / 2}" r="${r}" fill="none" stroke="${p.color}" stroke-width="${thickness}" stroke-dasharray="${Math.max(0, len - 2)} ${c}" stroke-dashoffset="${-offset}"/>`;
      offset += len;
    }
    out += `</g><text x="50%" y="${size / 2 + (sub ? -2 : 6)}" text-anchor="middle" style="font-size:${Math.round(size / 8)}px;font-weight:700;fill:var(--strong)">${center}</text>`;
    if (sub)
      out += `<text x="50%" y="${size / 2 + 16}" text-anchor="middle" style="font-size:11px;fill:var(--dimmed)">${sub}</text>`;
    return `${out}</svg>`;
  }

  function sparkline(data, { w = 96, h = 32, color = '#a5529f' } = {}) {
    const max = Math.max(...data);
    const min = Math.min(...data);
    const pts = data.map((v, i) => [(i * w) / (data.length - 1), h - 3 - ((v - min) / (max - min || 1)) * (h - 6)]);
    return `<svg width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" aria-hidden="true"><path d="${smoothPath(pts)}" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round"/></svg>`;
  }

  const statCard = ({ label, value, delta, down = false, ic, tone = 'fanmint', note }) => `
    <div class="card stat">
      <div class="label"><span>${label}</span>${ic ? `<span class="ticon ${tone}" style="width:30px;height:30px">${icon(ic, 17)}</span>` : ''}</div>
      <div class="value">${value}</div>
      ${delta ? `<div class="delta ${down ? 'down' : 'up'}">${icon(down ? 'arrow-down-right' : 'arrow-up-right', 14, 2.2)}${delta}${note ? `<span class="muted">&nbsp;${note}</span>` : ''}</div>` : note ? `<div class="delta muted">${note}</div>` : ''}
    </div>`;

  // ------------------------------------------------------------------ chrome

  const SIGNED_IN = 'mia@miavalentine.studio';

  function sidebar(active) {
    const groups = NAV.map(
      (g) =>
        `<div class="group"><h6>${g.title}</h6>${g.items
          .map(
            ([label, to, ic]) =>
              `<a class="${to === active ? 'active' : ''}">${icon(ic, 18, 1.6)}<span>${label}</span></a>`,
          )
          .join('')}</div>`,
    ).join('');
    return `<aside class="sidebar">
      <div class="logo">${logoMark(32)}<span>${brand}</span></div>
      <div class="signed"><small>Signed in as</small><b>${SIGNED_IN}</b></div>
      <div class="divider"></div>
      <nav class="nav" id="nav">${groups}</nav>
      <div class="divider"></div>
      <div class="side-foot">
        <div class="row between"><span class="muted">Theme</span><span class="iconbtn">${icon(theme === 'dark' ? 'moon' : 'sun', 18)}</span></div>
        <span class="btn default full">${icon('home-2', 18)}Go to Home Page</span>
        <span class="btn red full">${icon('logout', 18)}Log Out</span>
      </div>
    </aside>`;
  }

  function mobileHeader() {
    return `<header class="mheader">
      <div class="left"><span style="color:var(--strong)">${icon('menu-2', 24, 1.8)}</span><div class="logo">${logoMark(32)}<span>${brand}</span></div></div>
      <span class="iconbtn">${icon(theme === 'dark' ? 'moon' : 'sun', 18)}</span>
    </header>`;
  }

  /**
   * Renders the page. body/mobileBody are HTML strings (mobileBody defaults to body, which can use
   * .d-only / .m-only to differ per device).
   */
  function render({ active, title, subtitle, actions = '', body, mobileBody }) {
    const content = `<div class="page-head"><div><h1>${title}</h1>${subtitle ? `<p class="sub">${subtitle}</p>` : ''}</div>${actions ? `<div class="row">${actions}</div>` : ''}</div>${device === 'mobile' && mobileBody ? mobileBody : body}`;
    document.body.innerHTML =
      device === 'mobile'
        ? `<div class="app">${mobileHeader()}<main class="main">${content}</main></div>`
        : `<div class="app">${sidebar(active)}<main class="main">${content}</main></div>`;
    for (const el of document.querySelectorAll('[data-slot]')) {
      el.innerHTML = slots[Number(el.dataset.slot)](el.clientWidth);
    }
    const nav = document.getElementById('nav');
    const current = nav?.querySelector('a.active');
    if (nav && current) {
      // the real sidebar scrolls; show the active item the way it looks after scrolling to it
      const target = current.offsetTop - nav.offsetTop - nav.clientHeight * 0.45;
      nav.scrollTop = Math.max(0, target);
    }
    document.fonts.ready.then(() => {
      window.__checkOverflow = checkOverflow();
      window.__ready = true;
    });
  }

  /** Reports text that is cut off horizontally (used by the generator as a warning). */
  function checkOverflow() {
    const problems = [];
    for (const el of document.querySelectorAll('.main *')) {
      if (el.closest('svg') || el.classList.contains('ellipsis') || el.classList.contains('clip')) continue;
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow === 'hidden' && el.clientWidth > 0) {
        problems.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}: ${el.textContent.replace(/\s+/g, ' ').trim().slice(0, 40)}`,
        );
      }
    }
    const main = document.querySelector('.main');
    if (main && main.scrollWidth > main.clientWidth + 1) problems.push('main content is wider than the screen');
    return problems;
  }

  window.Preview = {
    params,
    icon,
    badge,
    avatar,
    thumb,
    art,
    eur,
    num,
    series,
    lineChart,
    barChart,
    donut,
    sparkline,
    statCard,
    render,
    rng,
    logoMark,
    slot,
  };
})();
