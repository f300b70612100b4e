/**
 * Deterministic demo "photos" for seed data.
 *
 * Every photo is a small standalone SVG document: a background gradient in a
 * palette specific to the kind, a pictogram of the asset built from plain SVG
 * shapes, some scene details that depend on the variant, and a caption strip
 * with the label. No downloads, no external fonts or images (generic font
 * families only). Same input -> byte-identical output.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const PHOTO_KINDS = [
  'machine-tools',
  'metal-fabrication',
  'material-handling',
  'vehicles',
  'construction',
  'lab',
  'process',
  'electrical',
  'packaging',
  'food-processing',
  'it-office',
  'tools-surplus',
] as const;

export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** Number of distinct variants per kind (0..5). */
export const PHOTO_VARIANTS = 6;

const BASE_W = 800;
const BASE_H = 600;
const MAX_LABEL_CHARS = 60;

// ---------------------------------------------------------------------------
// Helpers

/** Rounds to at most 2 decimals and prints without trailing zeros. */
function n(value: number): string {
  const r = Math.round(value * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

/** FNV-1a 32-bit hash: stable across runs and platforms. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Escapes text for use in XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Removes characters that are not allowed in XML 1.0 and trims over-long labels. */
function cleanLabel(label: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping XML-invalid characters on purpose
  const cleaned = label.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').trim();
  const chars = Array.from(cleaned);
  return chars.length > MAX_LABEL_CHARS ? `${chars.slice(0, MAX_LABEL_CHARS - 1).join('')}…` : cleaned;
}

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const v = Number.parseInt(hex.slice(1), 16);
  const target = amount >= 0 ? 255 : 0;
  const a = Math.min(1, Math.abs(amount));
  const ch = (shift: number) => {
    const c = (v >> shift) & 0xff;
    return Math.round(c + (target - c) * a)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

function normalizeVariant(variant: number): number {
  const v = Number.isFinite(variant) ? Math.trunc(variant) : 0;
  return ((v % PHOTO_VARIANTS) + PHOTO_VARIANTS) % PHOTO_VARIANTS;
}

// ---------------------------------------------------------------------------
// Palettes

interface Palette {
  /** Background gradient top / bottom. */
  bg1: string;
  bg2: string;
  /** Main body colour of the asset. */
  body: string;
  /** Secondary / accent colour. */
  accent: string;
  /** Dark parts: tyres, frames, tooling. */
  dark: string;
  /** Light parts: glass, chrome, highlights. */
  light: string;
}

const PALETTES: Record<PhotoKind, Palette> = {
  'machine-tools': {
    bg1: '#dfe9f3',
    bg2: '#8fa9c4',
    body: '#3f7f5f',
    accent: '#e0b23a',
    dark: '#2b2f33',
    light: '#c9d1d8',
  },
  'metal-fabrication': {
    bg1: '#f3e4d6',
    bg2: '#b07a54',
    body: '#2f5f9f',
    accent: '#f2c230',
    dark: '#24272b',
    light: '#d4d8dc',
  },
  'material-handling': {
    bg1: '#fff4d2',
    bg2: '#c9a24a',
    body: '#f0a818',
    accent: '#3a3a3a',
    dark: '#1f1f1f',
    light: '#bcd6e8',
  },
  vehicles: { bg1: '#d8ecf7', bg2: '#6b94b3', body: '#f4f4f2', accent: '#c8362f', dark: '#1c1f22', light: '#a8cfe6' },
  construction: {
    bg1: '#fbe9c6',
    bg2: '#a7804a',
    body: '#f2b705',
    accent: '#8a6a12',
    dark: '#26231f',
    light: '#bfdcef',
  },
  lab: { bg1: '#eef7fb', bg2: '#8ec5d6', body: '#f4f7f8', accent: '#2fa7a0', dark: '#33424a', light: '#d8f0f4' },
  process: { bg1: '#e6eef0', bg2: '#7f9aa3', body: '#b9c3c8', accent: '#d9482b', dark: '#3a4449', light: '#eef3f5' },
  electrical: { bg1: '#e9ecf5', bg2: '#5d6a8f', body: '#7d8b6e', accent: '#f5c518', dark: '#23262d', light: '#d9d2c4' },
  packaging: { bg1: '#f6efe3', bg2: '#b99b73', body: '#3c4a57', accent: '#c8955a', dark: '#22282e', light: '#e9d3ae' },
  'food-processing': {
    bg1: '#f2f7f4',
    bg2: '#93b9a6',
    body: '#cfd6da',
    accent: '#3b8f6a',
    dark: '#43505a',
    light: '#f5f8fa',
  },
  'it-office': {
    bg1: '#e3e6f2',
    bg2: '#4b4f7a',
    body: '#2a2d36',
    accent: '#38d46a',
    dark: '#14161b',
    light: '#9aa3b8',
  },
  'tools-surplus': {
    bg1: '#f7e3e1',
    bg2: '#a45a52',
    body: '#c9302c',
    accent: '#b8bec4',
    dark: '#2a2a2a',
    light: '#e6e9ec',
  },
};

/** Per-variant shade applied to the asset body/accent colours. */
const BODY_SHADE = [0, 0.14, -0.12, 0.06, -0.2, 0.24];
/** Per-variant shade applied to the background. */
const BG_SHADE = [0, -0.18, 0.1, 0.2, -0.06, 0.04];

// ---------------------------------------------------------------------------
// Pictograms. Each is drawn in a 400 x 300 box whose floor is y = 300.

type Pictogram = (c: Palette) => string;

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const poly = (points: string, fill: string, extra = '') =>
  `<polygon points="${points}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const wheel = (cx: number, cy: number, r: number, c: Palette) =>
  circle(cx, cy, r, c.dark) + circle(cx, cy, r * 0.45, c.light) + circle(cx, cy, r * 0.15, c.dark);

const PICTOGRAMS: Record<PhotoKind, Pictogram> = {
  // Engine lathe: legs, bed, headstock, chuck, workpiece, carriage, tailstock.
  'machine-tools': (c) =>
    rect(45, 205, 62, 95, c.dark) +
    rect(293, 205, 62, 95, c.dark) +
    rect(20, 196, 360, 14, c.dark) +
    rect(20, 165, 360, 34, c.body, 'rx="3"') +
    rect(130, 182, 240, 4, c.dark) +
    rect(20, 70, 115, 98, c.body, 'rx="6"') +
    rect(32, 84, 52, 36, c.light, 'rx="3"') +
    path('M38 94 H78 M38 102 H78 M38 110 H66', 'none', `stroke="${c.dark}" stroke-width="2"`) +
    rect(98, 86, 6, 34, c.dark) +
    circle(101, 86, 7, c.accent) +
    rect(114, 96, 6, 24, c.dark) +
    circle(117, 96, 6, c.accent) +
    rect(135, 96, 24, 66, c.dark, 'rx="4"') +
    rect(159, 106, 9, 12, c.dark) +
    rect(159, 140, 9, 12, c.dark) +
    rect(168, 121, 118, 16, c.light) +
    rect(198, 140, 76, 40, c.accent, 'rx="3"') +
    circle(214, 166, 8, c.dark) +
    rect(222, 116, 28, 24, c.dark) +
    poly('238,124 250,124 236,136', c.light) +
    poly('298,104 345,104 362,167 285,167', c.body) +
    rect(280, 123, 20, 12, c.light) +
    rect(358, 126, 14, 6, c.dark) +
    circle(382, 129, 11, 'none', `stroke="${c.dark}" stroke-width="4"`),

  // Press brake: housings, top beam, cylinders, ram with punch, die, sheet, pendant.
  'metal-fabrication': (c) =>
    rect(40, 0, 30, 30, c.dark) +
    rect(330, 0, 30, 30, c.dark) +
    rect(20, 22, 360, 62, c.body, 'rx="4"') +
    rect(20, 22, 62, 278, c.body) +
    rect(318, 22, 62, 278, c.body) +
    rect(82, 84, 236, 50, c.accent) +
    poly('92,134 308,134 300,152 100,152', c.dark) +
    rect(30, 154, 340, 6, c.light) +
    rect(95, 160, 210, 16, c.dark) +
    rect(82, 176, 236, 124, c.body) +
    rect(90, 190, 220, 6, shade(c.body, -0.25)) +
    rect(380, 70, 6, 40, c.dark) +
    rect(370, 108, 28, 56, c.dark, 'rx="3"') +
    rect(374, 114, 20, 16, c.light) +
    rect(150, 285, 100, 15, c.dark, 'rx="3"'),

  // Counterbalance forklift (side view) carrying a crate.
  'material-handling': (c) =>
    rect(300, 18, 14, 264, c.dark) +
    rect(318, 34, 10, 248, c.dark) +
    rect(328, 150, 14, 132, c.accent) +
    rect(328, 272, 78, 10, c.dark) +
    rect(340, 196, 62, 62, c.light, 'rx="2"') +
    rect(340, 222, 62, 6, shade(c.light, -0.25)) +
    rect(128, 58, 9, 112, c.dark) +
    rect(272, 58, 9, 112, c.dark) +
    rect(122, 52, 166, 11, c.dark, 'rx="3"') +
    path('M60 175 Q50 175 50 190 L50 262 L300 262 L300 178 L250 165 L105 165 Z', c.body) +
    rect(165, 132, 40, 34, c.accent, 'rx="6"') +
    rect(240, 110, 6, 60, c.accent, 'transform="rotate(-20 243 140)"') +
    rect(50, 200, 250, 8, shade(c.body, -0.22)) +
    wheel(120, 262, 38, c) +
    wheel(262, 266, 34, c),

  // Box truck (side view).
  vehicles: (c) =>
    rect(20, 55, 255, 175, c.body, 'rx="6"') +
    rect(20, 55, 255, 175, 'none', `rx="6" stroke="${shade(c.body, -0.35)}" stroke-width="4"`) +
    rect(20, 150, 255, 10, c.accent) +
    path('M280 105 L342 105 L384 170 L384 232 L280 232 Z', c.accent) +
    poly('294,118 336,118 366,168 294,168', c.light) +
    rect(292, 180, 20, 5, c.dark) +
    rect(372, 190, 12, 10, '#fff6c0') +
    rect(14, 226, 374, 16, c.dark) +
    wheel(75, 252, 32, c) +
    wheel(145, 252, 32, c) +
    wheel(330, 252, 32, c),

  // Crawler excavator: tracks, house, cab, boom, stick, bucket.
  construction: (c) =>
    rect(30, 232, 250, 62, c.dark, 'rx="31"') +
    circle(62, 263, 18, c.light) +
    circle(248, 263, 18, c.light) +
    circle(120, 268, 10, c.light) +
    circle(175, 268, 10, c.light) +
    rect(70, 218, 170, 16, c.dark) +
    rect(40, 150, 210, 70, c.body, 'rx="6"') +
    rect(40, 150, 34, 70, c.accent, 'rx="6"') +
    rect(150, 84, 82, 76, c.body, 'rx="6"') +
    rect(162, 96, 58, 48, c.light, 'rx="3"') +
    poly('222,178 242,156 332,36 352,54 256,192', c.body) +
    path('M250 150 L330 70', 'none', `stroke="${c.light}" stroke-width="7" stroke-linecap="round"`) +
    poly('334,40 356,48 392,186 370,194', c.body) +
    path('M364 188 L398 180 L400 232 Q378 254 346 236 Z', c.dark) +
    poly('352,236 360,246 368,238 376,248 384,240', c.dark),

  // Erlenmeyer flask with liquid, plus a microscope.
  lab: (c) =>
    rect(84, 70, 42, 16, c.dark, 'rx="3"') +
    path(
      'M90 84 L120 84 L120 150 L178 280 Q180 292 168 292 L42 292 Q30 292 32 280 L90 150 Z',
      c.light,
      `stroke="${c.dark}" stroke-width="5"`,
    ) +
    path('M61 214 L149 214 L175 276 Q176 286 166 286 L44 286 Q34 286 35 276 Z', c.accent) +
    circle(80, 255, 6, c.light) +
    circle(112, 240, 4, c.light) +
    rect(222, 268, 150, 24, c.dark, 'rx="6"') +
    path(
      'M340 268 L340 180 Q340 108 286 86 L272 110 Q314 128 314 180 L314 268 Z',
      c.body,
      `stroke="${c.dark}" stroke-width="3"`,
    ) +
    rect(226, 186, 110, 12, c.dark, 'rx="2"') +
    rect(258, 40, 32, 120, c.body, `stroke="${c.dark}" stroke-width="3" transform="rotate(-22 274 100)"`) +
    rect(234, 12, 26, 30, c.dark, 'rx="3" transform="rotate(-22 247 27)"') +
    rect(286, 156, 16, 24, c.dark) +
    circle(340, 206, 15, c.accent) +
    circle(340, 206, 6, c.dark),

  // Vertical pressure vessel with legs, nozzles, piping, valve and gauge.
  process: (c) =>
    rect(120, 255, 14, 45, c.dark) +
    rect(246, 255, 14, 45, c.dark) +
    rect(180, 0, 20, 40, c.dark) +
    rect(172, 0, 36, 8, c.dark) +
    path('M110 90 Q110 30 190 30 Q270 30 270 90 L270 235 Q270 275 190 275 Q110 275 110 235 Z', c.body) +
    rect(128, 60, 20, 190, c.light, 'opacity="0.6" rx="10"') +
    path('M110 120 H270 M110 200 H270', 'none', `stroke="${shade(c.body, -0.25)}" stroke-width="3"`) +
    circle(200, 160, 18, c.light, `stroke="${c.dark}" stroke-width="4"`) +
    path('M200 160 L210 148', 'none', `stroke="${c.accent}" stroke-width="3"`) +
    rect(270, 100, 120, 18, c.dark) +
    rect(372, 100, 18, 200, c.dark) +
    rect(282, 94, 8, 30, c.dark) +
    poly('305,94 305,124 340,94 340,124', c.accent) +
    rect(318, 80, 10, 20, c.accent) +
    rect(306, 74, 34, 8, c.accent, 'rx="3"') +
    rect(270, 230, 60, 14, c.dark),

  // Oil-filled power transformer: tank, radiator fins, bushings, conservator, warning sign.
  electrical: (c) => {
    let fins = '';
    for (let i = 0; i < 5; i++) {
      fins += rect(54 + i * 11, 120, 7, 140, shade(c.body, -0.15));
      fins += rect(296 + i * 11, 120, 7, 140, shade(c.body, -0.15));
    }
    let bushings = '';
    for (const x of [150, 200, 250]) {
      bushings += rect(x - 3, 22, 6, 80, c.dark);
      for (let k = 0; k < 5; k++) bushings += rect(x - 14, 40 + k * 12, 28, 8, c.light, 'rx="4"');
      bushings += circle(x, 22, 5, c.dark);
    }
    return (
      fins +
      rect(54, 255, 292, 10, c.dark) +
      rect(296, 40, 80, 30, c.body, 'rx="15"') +
      rect(330, 70, 8, 40, c.dark) +
      bushings +
      rect(110, 100, 180, 175, c.body, 'rx="4"') +
      rect(104, 94, 192, 14, shade(c.body, -0.2), 'rx="3"') +
      rect(96, 272, 208, 28, c.dark) +
      poly('200,138 246,218 154,218', c.accent, `stroke="${c.dark}" stroke-width="5" stroke-linejoin="round"`) +
      poly('205,152 182,188 198,188 190,210 216,174 200,174 208,152', c.dark)
    );
  },

  // Belt conveyor with rollers, legs and cartons.
  packaging: (c) => {
    let rollers = '';
    for (let x = 40; x <= 360; x += 40) rollers += circle(x, 212, 7, c.light);
    const box = (x: number, w: number, h: number) =>
      rect(x, 188 - h, w, h, c.accent, `stroke="${shade(c.accent, -0.35)}" stroke-width="3"`) +
      rect(x + w / 2 - 7, 188 - h, 14, h, c.light, 'opacity="0.7"');
    return (
      rect(50, 220, 14, 80, c.dark) +
      rect(336, 220, 14, 80, c.dark) +
      rect(190, 220, 14, 80, c.dark) +
      rect(40, 268, 320, 8, c.dark) +
      rect(20, 188, 360, 42, c.body, 'rx="21"') +
      rect(30, 198, 340, 28, c.dark, 'rx="14"') +
      rollers +
      box(44, 82, 70) +
      box(150, 96, 92) +
      box(270, 74, 58) +
      rect(10, 224, 40, 40, c.dark) +
      circle(30, 244, 10, c.light)
    );
  },

  // Planetary mixer: base, column, head, stainless bowl with whisk.
  'food-processing': (c) =>
    rect(90, 270, 230, 28, c.dark, 'rx="6"') +
    rect(240, 60, 64, 212, c.accent, 'rx="6"') +
    path('M110 54 L304 54 L304 118 L150 118 Q110 118 110 90 Z', c.accent) +
    rect(262, 76, 26, 18, c.light, 'rx="3"') +
    circle(275, 150, 8, c.light) +
    rect(170, 118, 12, 50, c.dark) +
    path(
      'M176 166 Q146 206 164 246 Q176 262 188 246 Q206 206 176 166 Z',
      'none',
      `stroke="${c.dark}" stroke-width="4"`,
    ) +
    path('M176 166 L176 250', 'none', `stroke="${c.dark}" stroke-width="3"`) +
    path('M92 170 L262 170 L250 250 Q244 270 218 270 L136 270 Q110 270 104 250 Z', c.body, 'opacity="0.92"') +
    rect(86, 162, 182, 12, c.light, `rx="6" stroke="${c.dark}" stroke-width="2"`) +
    rect(240, 196, 40, 10, c.dark) +
    rect(110, 180, 12, 74, c.light, 'opacity="0.8" rx="6"'),

  // Server rack with LEDs next to a desktop monitor.
  'it-office': (c) => {
    let units = '';
    for (let i = 0; i < 9; i++) {
      const y = 26 + i * 28;
      units += rect(198, y, 144, 24, i % 3 === 2 ? shade(c.body, 0.25) : shade(c.body, 0.12), 'rx="2"');
      units += circle(212, y + 12, 4, i % 4 === 1 ? '#f5a524' : c.accent);
      units += circle(224, y + 12, 4, c.accent);
      units += rect(240, y + 8, 90, 3, c.dark) + rect(240, y + 14, 90, 3, c.dark);
    }
    return (
      rect(186, 10, 168, 286, c.dark, 'rx="6"') +
      units +
      rect(190, 290, 12, 10, c.dark) +
      rect(338, 290, 12, 10, c.dark) +
      rect(10, 140, 150, 100, c.dark, 'rx="6"') +
      rect(20, 150, 130, 78, c.light) +
      path('M30 210 L60 180 L85 200 L120 162 L140 190', 'none', `stroke="${c.accent}" stroke-width="5"`) +
      rect(76, 240, 18, 40, c.dark) +
      rect(46, 278, 78, 10, c.dark, 'rx="4"')
    );
  },

  // Red toolbox with handle, plus a wrench leaning across.
  'tools-surplus': (c) =>
    rect(40, 146, 250, 148, c.body, 'rx="8"') +
    rect(32, 110, 266, 42, shade(c.body, -0.12), 'rx="6"') +
    path('M122 110 V80 H208 V110', 'none', `stroke="${c.dark}" stroke-width="12" stroke-linejoin="round"`) +
    rect(40, 196, 250, 6, c.dark) +
    rect(40, 246, 250, 6, c.dark) +
    rect(142, 214, 46, 12, c.accent, 'rx="4"') +
    rect(142, 264, 46, 12, c.accent, 'rx="4"') +
    rect(60, 140, 22, 20, c.accent, 'rx="3"') +
    rect(248, 140, 22, 20, c.accent, 'rx="3"') +
    `<g transform="translate(212 244) rotate(-48)" fill="${c.accent}" stroke="${c.dark}" stroke-width="3">` +
    '<path d="M-26.5 -9 A28 28 0 1 1 -26.5 9 L-6 9 L-6 -9 Z"/>' +
    '<rect x="18" y="-11" width="170" height="22" rx="11"/>' +
    '<path d="M210 -26 A26 26 0 1 1 210 26 A26 26 0 1 1 210 -26 Z M210 -12 A12 12 0 1 0 210 12 A12 12 0 1 0 210 -12 Z" fill-rule="evenodd"/>' +
    '</g>',
};

// ---------------------------------------------------------------------------
// Scene compositions per variant.

const VIEW_NAMES = ['Front view', 'Side view', 'Detail', 'Nameplate', 'On pallet', 'Yard'] as const;

interface SceneCtx {
  kind: PhotoKind;
  variant: number;
  id: string;
  c: Palette;
  label: string;
  seed: number;
  /** The lot number on the pallet's tag; none on a shared photo (a category image). */
  lotNumber?: string;
}

function placeAsset(
  pict: string,
  x: number,
  y: number,
  s: number,
  opts: { mirror?: boolean; skew?: number } = {},
): string {
  // Pictogram box is 400 x 300; (x, y) is where its top-left lands.
  const m = opts.mirror ? ' translate(400 0) scale(-1 1)' : '';
  const k = opts.skew ? ` translate(0 300) skewX(${n(opts.skew)}) translate(0 -300)` : '';
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})${k}${m}">${pict}</g>`;
}

function floorShadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(rx * 0.09)}" fill="#000" opacity="0.22"/>`;
}

function scene(ctx: SceneCtx, pict: string): string {
  const { c, id, seed } = ctx;
  switch (ctx.variant) {
    case 0: {
      // Studio front view: seamless backdrop, soft floor shadow.
      return (
        rect(0, 430, BASE_W, 170, '#000', 'opacity="0.08"') +
        circle(640, 120, 160, '#fff', 'opacity="0.18"') +
        floorShadow(400, 492, 300) +
        placeAsset(pict, 120, 70, 1.4)
      );
    }
    case 1: {
      // Warehouse bay, mirrored side view, floor lane lines and racking.
      let racks = '';
      for (let i = 0; i < 4; i++) {
        const x = 20 + i * 200;
        racks += rect(x, 90, 8, 300, c.dark, 'opacity="0.35"') + rect(x + 170, 90, 8, 300, c.dark, 'opacity="0.35"');
        for (let k = 0; k < 3; k++) racks += rect(x, 140 + k * 90, 178, 8, '#e2762b', 'opacity="0.55"');
      }
      return (
        racks +
        poly('0,390 800,390 800,600 0,600', shade(c.bg2, -0.45)) +
        poly('250,390 270,390 120,600 70,600', '#f2c230', 'opacity="0.85"') +
        poly('530,390 550,390 730,600 680,600', '#f2c230', 'opacity="0.85"') +
        rect(0, 388, BASE_W, 4, '#000', 'opacity="0.3"') +
        floorShadow(400, 500, 260) +
        placeAsset(pict, 150, 150, 1.25, { mirror: true })
      );
    }
    case 2: {
      // Detail close-up: asset cropped large, vignette, focus marks.
      const ox = [-260, -120, -300, -200][seed % 4] ?? -200;
      return (
        placeAsset(pict, ox, -140, 2.6) +
        `<rect width="${BASE_W}" height="${BASE_H}" fill="url(#${id}-vig)"/>` +
        path(
          'M40 90 V40 H90 M710 40 H760 V90 M760 510 V560 H710 M90 560 H40 V510',
          'none',
          'stroke="#fff" stroke-width="4" opacity="0.8"',
        )
      );
    }
    case 3: {
      // Nameplate: asset on the left, riveted plate with label on the right.
      const model = `LX-${(seed % 9000) + 1000}`;
      const serial = `SN ${((seed >>> 8) % 900000) + 100000}`;
      const year = 1996 + (seed % 27);
      const chars = Array.from(ctx.label.toUpperCase() || 'LOTLINE');
      const plateText = chars.length > 24 ? `${chars.slice(0, 23).join('')}…` : chars.join('');
      const plateFs = Math.min(22, Math.floor(236 / (Math.max(plateText.length, 1) * 0.68)));
      const plate =
        rect(470, 140, 290, 210, '#c8ccd0', 'rx="10" stroke="#6c7378" stroke-width="4"') +
        circle(488, 158, 6, '#6c7378') +
        circle(742, 158, 6, '#6c7378') +
        circle(488, 332, 6, '#6c7378') +
        circle(742, 332, 6, '#6c7378') +
        rect(490, 176, 250, 40, c.dark, 'rx="4"') +
        `<text x="615" y="203" font-family="sans-serif" font-size="${plateFs}" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(plateText)}</text>` +
        `<text x="500" y="250" font-family="monospace" font-size="20" fill="#222">MODEL ${model}</text>` +
        `<text x="500" y="280" font-family="monospace" font-size="20" fill="#222">${serial}</text>` +
        `<text x="500" y="310" font-family="monospace" font-size="20" fill="#222">YEAR ${year}</text>`;
      return (
        rect(0, 440, BASE_W, 160, '#000', 'opacity="0.1"') +
        floorShadow(230, 470, 200) +
        placeAsset(pict, 30, 230, 0.82) +
        plate
      );
    }
    case 4: {
      // On a wooden pallet with a lot tag.
      const wood = '#b8864b';
      const dark = '#7a5428';
      // The tag names the lot the photo belongs to (a number from no lot would contradict its page).
      const lot = ctx.lotNumber ? `LOT ${ctx.lotNumber}` : 'LOT';
      return (
        rect(0, 470, BASE_W, 130, '#000', 'opacity="0.12"') +
        floorShadow(400, 520, 300) +
        rect(130, 470, 540, 14, wood) +
        rect(140, 484, 60, 26, dark) +
        rect(370, 484, 60, 26, dark) +
        rect(600, 484, 60, 26, dark) +
        rect(130, 508, 540, 12, wood) +
        placeAsset(pict, 150, 170, 1.0) +
        rect(610, 60, 150, 70, '#fffbe8', `rx="6" stroke="${c.dark}" stroke-width="3" transform="rotate(4 685 95)"`) +
        `<text x="685" y="106" font-family="sans-serif" font-size="26" font-weight="bold" fill="${c.dark}" text-anchor="middle" transform="rotate(4 685 95)">${lot}</text>`
      );
    }
    default: {
      // Outdoor yard: sky, sun, fence, gravel; asset at a slight angle.
      let fence = '';
      for (let x = 10; x < BASE_W; x += 40) fence += rect(x, 300, 4, 100, '#555', 'opacity="0.4"');
      return (
        circle(120 + (seed % 5) * 120, 110, 48, '#fff7d0', 'opacity="0.85"') +
        rect(0, 300, BASE_W, 3, '#555', 'opacity="0.4"') +
        rect(0, 340, BASE_W, 3, '#555', 'opacity="0.4"') +
        fence +
        rect(0, 400, BASE_W, 200, '#8d8a82') +
        rect(0, 400, BASE_W, 200, `url(#${id}-grv)`) +
        floorShadow(420, 505, 280) +
        placeAsset(pict, 140, 150, 1.22, { skew: -6 })
      );
    }
  }
}

// ---------------------------------------------------------------------------
// Public API

export interface RenderPhotoInput {
  kind: PhotoKind;
  /** 0..5; other integers wrap around. */
  variant: number;
  /** Caption text, e.g. a category name like "CNC Lathes". */
  label: string;
  /** The lot's own number, shown on the pallet view's tag (variant 4); without it the tag shows none. */
  lotNumber?: string;
  /** Output size; defaults to 800 x 600. The scene keeps its 4:3 layout and is centred. */
  width?: number;
  height?: number;
}

/** Renders one demo photo as a standalone SVG document string. */
export function renderPhotoSvg(input: RenderPhotoInput): string {
  const kind: PhotoKind = PHOTO_KINDS.includes(input.kind) ? input.kind : PHOTO_KINDS[0];
  const variant = normalizeVariant(input.variant);
  const w = input.width && input.width > 0 ? input.width : BASE_W;
  const h = input.height && input.height > 0 ? input.height : BASE_H;
  const base = PALETTES[kind];
  const bs = BODY_SHADE[variant] ?? 0;
  const gs = BG_SHADE[variant] ?? 0;
  const c: Palette = {
    bg1: shade(base.bg1, gs),
    bg2: shade(base.bg2, gs),
    body: shade(base.body, bs),
    accent: shade(base.accent, bs * 0.5),
    dark: base.dark,
    light: base.light,
  };
  const label = cleanLabel(input.label);
  const id = `p-${kind}-${variant}`;
  const seed = hash(`${kind}:${variant}`);
  const ctx: SceneCtx = { kind, variant, id, c, label, seed, lotNumber: input.lotNumber };
  const pict = PICTOGRAMS[kind](c);

  const s = Math.min(w / BASE_W, h / BASE_H);
  const tx = (w - BASE_W * s) / 2;
  const ty = (h - BASE_H * s) / 2;
  const capH = Math.max(24, Math.round(44 * s));
  const fs = Math.max(11, Math.round(capH * 0.45));
  const view = VIEW_NAMES[variant] ?? '';
  const angle = [180, 200, 160, 190, 170, 210][variant] ?? 180;

  const defs =
    `<defs>` +
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1" gradientTransform="rotate(${angle - 180} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${c.bg1}"/><stop offset="1" stop-color="${c.bg2}"/></linearGradient>` +
    `<radialGradient id="${id}-vig" cx="0.5" cy="0.5" r="0.75">` +
    `<stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>` +
    `<pattern id="${id}-grv" width="24" height="24" patternUnits="userSpaceOnUse">` +
    `<circle cx="5" cy="7" r="2" fill="#6f6c65"/><circle cx="17" cy="18" r="2.5" fill="#a3a097"/></pattern>` +
    `</defs>`;

  const title = label ? `${label} – ${view}` : view;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(w)}" height="${n(h)}" viewBox="0 0 ${n(w)} ${n(h)}" role="img" aria-label="${escapeXml(title)}">` +
    `<title>${escapeXml(title)}</title>` +
    defs +
    `<rect width="${n(w)}" height="${n(h)}" fill="url(#${id}-bg)"/>` +
    `<g transform="translate(${n(tx)} ${n(ty)}) scale(${n(s)})">${scene(ctx, pict)}</g>` +
    `<rect y="${n(h - capH)}" width="${n(w)}" height="${n(capH)}" fill="#000" opacity="0.6"/>` +
    `<text x="${n(capH * 0.4)}" y="${n(h - capH / 2)}" dominant-baseline="central" font-family="sans-serif" font-size="${fs}" fill="#fff">${escapeXml(label)}</text>` +
    `<text x="${n(w - capH * 0.4)}" y="${n(h - capH / 2)}" dominant-baseline="central" text-anchor="end" font-family="sans-serif" font-size="${Math.round(fs * 0.75)}" fill="#fff" opacity="0.75">${escapeXml(view)}</text>` +
    `</svg>`
  );
}

/** Exact slug matches are the kinds themselves plus a few common aliases. */
const SLUG_ALIASES: Record<string, PhotoKind> = {
  metalworking: 'machine-tools',
  machining: 'machine-tools',
  fabrication: 'metal-fabrication',
  forklifts: 'material-handling',
  trucks: 'vehicles',
  transportation: 'vehicles',
  'heavy-equipment': 'construction',
  laboratory: 'lab',
  'lab-equipment': 'lab',
  'process-equipment': 'process',
  'electrical-equipment': 'electrical',
  'power-generation': 'electrical',
  'food-beverage': 'food-processing',
  'it-equipment': 'it-office',
  office: 'it-office',
  tools: 'tools-surplus',
  surplus: 'tools-surplus',
};

/** Maps a top-level category slug to a photo kind; unknown slugs hash stably into the list. */
export function photoKindForCategory(topLevelSlug: string): PhotoKind {
  const slug = topLevelSlug.trim().toLowerCase();
  if ((PHOTO_KINDS as readonly string[]).includes(slug)) return slug as PhotoKind;
  const alias = SLUG_ALIASES[slug];
  if (alias) return alias;
  return PHOTO_KINDS[hash(slug) % PHOTO_KINDS.length] ?? PHOTO_KINDS[0];
}

/** The view whose scene carries a lot tag: a lot's photo of it is its own file, tagged with its number. */
export const TAGGED_VARIANT = 4;
/** Stands for the lot number in the tagged view's template (letters and digits: escaping leaves it as it is). */
const TAG_MARK = 'LOTNUMBERMARK7Q';

/**
 * File name for one photo, e.g. `machine-tools-3.svg`; the tagged view of a lot numbered `A-12` is
 * `machine-tools-4-lot-A-12.svg` (characters other than letters, digits and '-' become '_').
 */
export function photoFileName(kind: PhotoKind, variant: number, lotNumber?: string): string {
  const v = normalizeVariant(variant);
  if (v === TAGGED_VARIANT && lotNumber) return `${kind}-${v}-lot-${lotNumber.replace(/[^A-Za-z0-9-]/g, '_')}.svg`;
  return `${kind}-${v}.svg`;
}

/**
 * Writes the tagged view of each (kind, lot number) given into `dir` (which exists) and returns how many files
 * it wrote; `labels` as for writeDemoPhotos.
 */
export async function writeTaggedPhotos(
  dir: string,
  labels: Partial<Record<PhotoKind, string>>,
  tags: readonly { kind: PhotoKind; lotNumber: string }[],
): Promise<number> {
  // One render per kind, the number put in after: rendering each lot's photo anew took seconds per 1,000 lots.
  const templates = new Map<PhotoKind, string[]>();
  const template = (kind: PhotoKind) => {
    let parts = templates.get(kind);
    if (!parts) {
      const label = labels[kind] ?? defaultLabel(kind);
      parts = renderPhotoSvg({ kind, variant: TAGGED_VARIANT, label, lotNumber: TAG_MARK }).split(TAG_MARK);
      templates.set(kind, parts);
    }
    return parts;
  };
  await Promise.all(
    tags.map(({ kind, lotNumber }) =>
      writeFile(
        join(dir, photoFileName(kind, TAGGED_VARIANT, lotNumber)),
        template(kind).join(escapeXml(lotNumber)),
        'utf8',
      ),
    ),
  );
  return tags.length;
}

/**
 * Writes every kind x 6 variants into `dir` (created if missing) and returns
 * the file names in PHOTO_KINDS order. Kinds without a label use a title-cased kind name.
 */
export async function writeDemoPhotos(dir: string, labels: Partial<Record<PhotoKind, string>>): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (const kind of PHOTO_KINDS) {
    const label = labels[kind] ?? defaultLabel(kind);
    for (let variant = 0; variant < PHOTO_VARIANTS; variant++) {
      const name = photoFileName(kind, variant);
      await writeFile(join(dir, name), renderPhotoSvg({ kind, variant, label }), 'utf8');
      names.push(name);
    }
  }
  return names;
}

function defaultLabel(kind: PhotoKind): string {
  return kind
    .split('-')
    .map((part) => (part === 'it' ? 'IT' : part.charAt(0).toUpperCase() + part.slice(1)))
    .join(' ');
}
