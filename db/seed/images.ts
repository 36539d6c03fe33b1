import sharp from 'sharp';
import type { FileStorage } from '../../app/lib/storage/storage.server.ts';
import { createRandom, type Random } from './random.ts';

/**
 * Demo images are drawn, never downloaded: flat-illustration SVG scenes rasterised by sharp and stored as
 * `originals/{folder}/{name}.jpg` (on the local disk, `${MEDIA_DIR}/originals/…`). The database stores them as
 * `/media/{folder}/{name}.jpg` and the server resizes on request. Every scene is drawn from its own seeded stream, so the files are
 * identical on every machine and existing files are left alone.
 */

export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 1067;

export type ExteriorKind =
  'detached' | 'semi' | 'terrace' | 'townhouse' | 'flat' | 'bungalow' | 'cottage' | 'barn' | 'commercial' | 'land';
export type InteriorKind = 'kitchen' | 'living-room' | 'bedroom' | 'bathroom' | 'garden';
export type EpcRating = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

export type ExteriorPhoto = { name: string; kind: ExteriorKind };
export type InteriorPhoto = { name: string; kind: InteriorKind };
export type FloorplanImage = {
  name: string;
  title: string;
  bedrooms: number;
  kind: 'flat' | 'house' | 'bungalow' | 'commercial';
};

const exteriorPlan: Array<[ExteriorKind, number]> = [
  ['detached', 5],
  ['semi', 4],
  ['terrace', 3],
  ['townhouse', 2],
  ['flat', 7],
  ['bungalow', 5],
  ['cottage', 5],
  ['barn', 3],
  ['commercial', 4],
  ['land', 4],
];

function numbered(prefix: string, index: number): string {
  return `${prefix}-${String(index).padStart(2, '0')}`;
}

/** 42 exteriors: house-01…14 (detached, semi, terrace, townhouse), flat-01…, bungalow-01…, etc. */
export const exteriorPhotos: ExteriorPhoto[] = (() => {
  const photos: ExteriorPhoto[] = [];
  const counters = new Map<string, number>();
  for (const [kind, count] of exteriorPlan) {
    const prefix = ['detached', 'semi', 'terrace', 'townhouse'].includes(kind) ? 'house' : kind;
    for (let index = 0; index < count; index += 1) {
      const next = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, next);
      photos.push({ name: numbered(prefix, next), kind });
    }
  }
  return photos;
})();

export const interiorPhotos: InteriorPhoto[] = (
  ['kitchen', 'living-room', 'bedroom', 'bathroom', 'garden'] as const
).flatMap((kind) => [1, 2, 3, 4].map((index) => ({ name: numbered(kind, index), kind })));

const epcRatings: EpcRating[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

/** One chart per (current, potential) pair where the potential is at least as good as the current rating. */
const epcCharts: Array<{ name: string; current: EpcRating; potential: EpcRating }> = epcRatings.flatMap(
  (current, currentIndex) =>
    epcRatings
      .slice(0, currentIndex + 1)
      .map((potential) => ({ name: epcChartName(current, potential), current, potential })),
);

export function epcChartName(current: EpcRating, potential: EpcRating): string {
  return `epc-${current.toLowerCase()}-${potential.toLowerCase()}`;
}

const epcBands: Record<EpcRating, { min: number; max: number; colour: string; score: number }> = {
  A: { min: 92, max: 100, colour: '#008054', score: 94 },
  B: { min: 81, max: 91, colour: '#19b459', score: 85 },
  C: { min: 69, max: 80, colour: '#8dce46', score: 74 },
  D: { min: 55, max: 68, colour: '#ffd500', score: 61 },
  E: { min: 39, max: 54, colour: '#fcaa65', score: 47 },
  F: { min: 21, max: 38, colour: '#ef8023', score: 30 },
  G: { min: 1, max: 20, colour: '#e9153b', score: 12 },
};

/** The SAP score printed on a chart, so property text can quote the same numbers. */
export function epcScores(current: EpcRating, potential: EpcRating): { current: number; potential: number } {
  const currentScore = epcBands[current].score;
  const potentialScore =
    current === potential ? Math.min(epcBands[potential].max, currentScore + 4) : epcBands[potential].score;
  return { current: currentScore, potential: potentialScore };
}

export const floorplans: FloorplanImage[] = [
  { name: 'floorplan-01', title: 'Studio apartment', bedrooms: 0, kind: 'flat' },
  { name: 'floorplan-02', title: 'One-bedroom apartment', bedrooms: 1, kind: 'flat' },
  { name: 'floorplan-03', title: 'Two-bedroom apartment', bedrooms: 2, kind: 'flat' },
  { name: 'floorplan-04', title: 'Two-bedroom house', bedrooms: 2, kind: 'house' },
  { name: 'floorplan-05', title: 'Three-bedroom house', bedrooms: 3, kind: 'house' },
  { name: 'floorplan-06', title: 'Four-bedroom house', bedrooms: 4, kind: 'house' },
  { name: 'floorplan-07', title: 'Three-bedroom bungalow', bedrooms: 3, kind: 'bungalow' },
  { name: 'floorplan-08', title: 'Office suite', bedrooms: 0, kind: 'commercial' },
];

export const staffPortraits: string[] = Array.from({ length: 12 }, (_, index) => numbered('staff', index + 1));

const articleHeroKinds = [
  'skyline',
  'sold-board',
  'keys',
  'market-chart',
  'mortgage',
  'moving-day',
  'new-homes',
  'map',
  'tips',
  'riverside',
] as const;
export type ArticleHeroKind = (typeof articleHeroKinds)[number];
export const articleHeroes: Array<{ name: string; kind: ArticleHeroKind }> = articleHeroKinds.map((kind, index) => ({
  name: numbered('article', index + 1),
  kind,
}));

export const LOGO_PNG_URL = '/media/brand/logo.png';

export function mediaUrl(folder: MediaFolder, name: string, extension = 'jpg'): string {
  return `/media/${folder}/${name}.${extension}`;
}

export type MediaFolder = 'photos' | 'interiors' | 'floorplans' | 'epc' | 'staff' | 'articles' | 'brand';

type ImageJob = {
  folder: MediaFolder;
  file: string;
  width: number;
  height: number;
  draw: () => string;
  format: 'jpeg' | 'png' | 'svg';
  /** Rasterising density; 144 renders an SVG drawn at half size sharply at double size. */
  density?: number;
};

export type DemoImageSummary = { generated: number; skipped: number; total: number };

function allJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const photo of exteriorPhotos) {
    jobs.push({
      folder: 'photos',
      file: `${photo.name}.jpg`,
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      format: 'jpeg',
      draw: () => drawExterior(photo.kind, createRandom(`image/${photo.name}`)),
    });
  }
  for (const photo of interiorPhotos) {
    jobs.push({
      folder: 'interiors',
      file: `${photo.name}.jpg`,
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      format: 'jpeg',
      draw: () => drawInterior(photo.kind, createRandom(`image/${photo.name}`)),
    });
  }
  for (const plan of floorplans) {
    jobs.push({
      folder: 'floorplans',
      file: `${plan.name}.jpg`,
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
      format: 'jpeg',
      draw: () => drawFloorplan(plan),
    });
  }
  for (const chart of epcCharts) {
    jobs.push({
      folder: 'epc',
      file: `${chart.name}.jpg`,
      width: 1200,
      height: 1000,
      format: 'jpeg',
      draw: () => drawEpcChart(chart.current, chart.potential),
    });
  }
  staffPortraits.forEach((name, index) => {
    jobs.push({
      folder: 'staff',
      file: `${name}.jpg`,
      width: 800,
      height: 800,
      format: 'jpeg',
      draw: () => drawPortrait(index, createRandom(`image/${name}`)),
    });
  });
  for (const hero of articleHeroes) {
    jobs.push({
      folder: 'articles',
      file: `${hero.name}.jpg`,
      width: PHOTO_WIDTH,
      height: 900,
      format: 'jpeg',
      draw: () => drawArticleHero(hero.kind, createRandom(`image/${hero.name}`)),
    });
  }
  jobs.push({ folder: 'brand', file: 'logo.svg', width: 440, height: 120, format: 'svg', draw: drawLogo });
  jobs.push({
    folder: 'brand',
    file: 'logo.png',
    width: 880,
    height: 240,
    format: 'png',
    draw: drawLogo,
    density: 144,
  });
  return jobs;
}

/** Every generated file as `folder/file`, for checks and docs. */
export function listDemoImageFiles(): string[] {
  return allJobs().map((job) => `${job.folder}/${job.file}`);
}

/** Writes any missing demo image to the storage as `originals/{folder}/{file}`; existing files are kept. */
export async function ensureDemoImages(
  storage: FileStorage,
  onProgress?: (done: number, total: number) => void,
): Promise<DemoImageSummary> {
  const jobs = allJobs();
  let done = 0;
  let generated = 0;
  onProgress?.(0, jobs.length);
  const queue = [...jobs];
  const workers = Array.from({ length: 3 }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const key = `originals/${job.folder}/${job.file}`;
      if (!(await storage.exists(key))) {
        // The storage writes all or nothing, so a half-written file is never served or taken for a finished one.
        await storage.put(key, await renderJob(job), CONTENT_TYPES[job.format]);
        generated += 1;
      }
      done += 1;
      onProgress?.(done, jobs.length);
    }
  });
  await Promise.all(workers);
  return { generated, skipped: jobs.length - generated, total: jobs.length };
}

const CONTENT_TYPES: Record<ImageJob['format'], string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};

async function renderJob(job: ImageJob): Promise<Buffer> {
  const svg = job.draw();
  if (job.format === 'svg') return Buffer.from(svg);
  const image = sharp(Buffer.from(svg), { density: job.density ?? 72 }).resize(job.width, job.height, {
    fit: 'fill',
  });
  return job.format === 'png'
    ? image.png({ compressionLevel: 9 }).toBuffer()
    : image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------------
// Drawing helpers

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

function rect(x: number, y: number, width: number, height: number, fill: string, extra = ''): string {
  return `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(width)}" height="${fmt(height)}" fill="${fill}" ${extra}/>`;
}

function polygon(points: Array<[number, number]>, fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
}

function circle(cx: number, cy: number, radius: number, fill: string, extra = ''): string {
  return `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(radius)}" fill="${fill}" ${extra}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="${fill}" ${extra}/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): string {
  return `<line x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}" stroke="${stroke}" stroke-width="${fmt(width)}" ${extra}/>`;
}

function text(x: number, y: number, content: string, size: number, fill: string, extra = ''): string {
  return `<text x="${fmt(x)}" y="${fmt(y)}" font-family="${FONT}" font-size="${fmt(size)}" fill="${fill}" ${extra}>${escapeXml(content)}</text>`;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function fmt(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function linearGradient(id: string, stops: Array<[number, string]>, vertical = true): string {
  const direction = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${direction}>${stops
    .map(([offset, colour]) => `<stop offset="${offset}" stop-color="${colour}"/>`)
    .join('')}</linearGradient>`;
}

/** Mixes a hex colour towards black (negative) or white (positive). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const target = amount < 0 ? 0 : 255;
    return Math.round(channel + (target - channel) * Math.abs(amount));
  });
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

const skies: Array<[string, string]> = [
  ['#6fa8dc', '#d9ecfa'],
  ['#82b6e3', '#eaf4fb'],
  ['#f4a261', '#fde7c8'],
  ['#9db4c8', '#e8eef2'],
  ['#5b9bd5', '#cfe5f5'],
  ['#e9a6a6', '#fbe3d2'],
];
const wallColours = [
  '#e8d3a3',
  '#dcc28e',
  '#a9543f',
  '#b5654a',
  '#f1ede4',
  '#efe2c4',
  '#b8b2a7',
  '#cfdde3',
  '#c9d3bd',
  '#ecc9c0',
];
const roofColours = ['#4a4f5a', '#5b6270', '#3f4550', '#9c4a32', '#b0583c', '#6b5a4e'];
const doorColours = ['#1f3a5f', '#7a1f2b', '#2f5d50', '#222831', '#d9a441', '#6d8b9a', '#4b3b6b', '#b5403a'];
const grassColours = ['#7fae5a', '#6f9e4c', '#8dbb63', '#79a957'];
const treeColours = ['#4f7f3a', '#5e8f45', '#3f6e34', '#6b9a4a', '#7a9f3c'];

type Scene = { defs: string[]; back: string[]; main: string[]; front: string[] };

function newScene(): Scene {
  return { defs: [], back: [], main: [], front: [] };
}

function renderScene(scene: Scene, width = PHOTO_WIDTH, height = PHOTO_HEIGHT): string {
  return svgDocument(width, height, scene.defs.join(''), [...scene.back, ...scene.main, ...scene.front].join(''));
}

function drawSkyAndGround(scene: Scene, random: Random, horizon: number): { grass: string } {
  const [top, bottom] = random.pick(skies);
  const grass = random.pick(grassColours);
  scene.defs.push(
    linearGradient('sky', [
      [0, top],
      [1, bottom],
    ]),
  );
  scene.defs.push(
    linearGradient('grass', [
      [0, shade(grass, 0.1)],
      [1, shade(grass, -0.15)],
    ]),
  );
  scene.defs.push(
    linearGradient('glass', [
      [0, '#a9c7dd'],
      [0.55, '#d8e8f2'],
      [1, '#7fa3bd'],
    ]),
  );
  scene.back.push(rect(0, 0, PHOTO_WIDTH, PHOTO_HEIGHT, 'url(#sky)'));
  if (random.chance(0.7)) {
    const sunX = random.int(150, 1450);
    scene.back.push(circle(sunX, random.int(110, 220), random.int(50, 75), '#fff6d5', 'opacity="0.85"'));
  }
  for (let index = random.int(2, 4); index > 0; index -= 1) {
    const x = random.int(60, 1500);
    const y = random.int(70, 300);
    const size = random.int(40, 80);
    scene.back.push(
      `<g opacity="0.9" fill="#ffffff">${ellipse(x, y, size * 1.6, size * 0.55, '#ffffff')}${circle(x - size * 0.5, y - size * 0.2, size * 0.55, '#ffffff')}${circle(x + size * 0.35, y - size * 0.35, size * 0.7, '#ffffff')}</g>`,
    );
  }
  // Distant hills, two layers.
  for (const [depth, colour] of [
    [0, shade(grass, 0.35)],
    [1, shade(grass, 0.18)],
  ] as Array<[number, string]>) {
    const base = horizon - 40 + depth * 30;
    let d = `M0 ${base}`;
    for (let x = 0; x <= PHOTO_WIDTH; x += 200)
      d += ` Q${x + 100} ${base - random.int(30, 110)} ${x + 200} ${base - random.int(0, 40)}`;
    d += ` L${PHOTO_WIDTH} ${horizon + 20} L0 ${horizon + 20} Z`;
    scene.back.push(`<path d="${d}" fill="${colour}"/>`);
  }
  scene.back.push(rect(0, horizon, PHOTO_WIDTH, PHOTO_HEIGHT - horizon, 'url(#grass)'));
  return { grass };
}

function tree(x: number, baseY: number, size: number, colour: string, kind: 'round' | 'conifer' = 'round'): string {
  const trunk = rect(x - size * 0.07, baseY - size * 0.9, size * 0.14, size * 0.9, '#6b4a32');
  if (kind === 'conifer') {
    return `${trunk}${polygon(
      [
        [x - size * 0.45, baseY - size * 0.35],
        [x + size * 0.45, baseY - size * 0.35],
        [x, baseY - size * 1.9],
      ],
      colour,
    )}`;
  }
  return `${trunk}${circle(x, baseY - size * 1.15, size * 0.55, colour)}${circle(x - size * 0.35, baseY - size * 0.9, size * 0.4, shade(colour, -0.08))}${circle(x + size * 0.38, baseY - size * 0.95, size * 0.42, shade(colour, 0.08))}`;
}

function bush(x: number, baseY: number, width: number, colour: string, flowers?: string): string {
  let shape = `${ellipse(x, baseY - width * 0.25, width * 0.5, width * 0.3, colour)}${ellipse(x - width * 0.25, baseY - width * 0.18, width * 0.3, width * 0.22, shade(colour, -0.1))}`;
  if (flowers) {
    for (let index = 0; index < 6; index += 1) {
      shape += circle(
        x - width * 0.35 + (index * width * 0.7) / 5,
        baseY - width * (0.2 + ((index * 37) % 5) * 0.05),
        6,
        flowers,
      );
    }
  }
  return shape;
}

type WindowStyle = 'sash' | 'casement' | 'modern';

function windowShape(
  x: number,
  y: number,
  width: number,
  height: number,
  style: WindowStyle,
  frame = '#fbfbf7',
): string {
  const border = Math.max(6, width * 0.07);
  let shape = rect(x - 4, y + height, width + 8, 10, shade(frame, -0.15));
  shape += rect(x, y, width, height, frame);
  shape += rect(x + border, y + border, width - border * 2, height - border * 2, 'url(#glass)');
  if (style === 'sash') {
    shape += rect(x, y + height / 2 - 3, width, 6, frame);
    shape += line(x + width / 2, y + border, x + width / 2, y + height - border, frame, 3);
    shape += line(x + border, y + height / 4, x + width - border, y + height / 4, frame, 2);
    shape += line(x + border, y + (height * 3) / 4, x + width - border, y + (height * 3) / 4, frame, 2);
  } else if (style === 'casement') {
    shape += rect(x + width / 2 - 3, y, 6, height, frame);
    shape += rect(x, y + height * 0.3, width, 5, frame);
  } else {
    shape += rect(x + width * 0.62, y, 5, height, frame);
  }
  shape += polygon(
    [
      [x + border + 4, y + border + 4],
      [x + border + width * 0.25, y + border + 4],
      [x + border + 4, y + border + height * 0.3],
    ],
    '#ffffff',
    'opacity="0.35"',
  );
  return shape;
}

function doorShape(x: number, y: number, width: number, height: number, colour: string, fanlight: boolean): string {
  let shape = rect(x - 10, y - 8, width + 20, height + 8, '#f4f1ea');
  if (fanlight) {
    shape += `<path d="M${fmt(x)} ${fmt(y)} A${fmt(width / 2)} ${fmt(width / 2)} 0 0 1 ${fmt(x + width)} ${fmt(y)} Z" fill="url(#glass)" stroke="#f4f1ea" stroke-width="6"/>`;
  }
  shape += rect(x, y, width, height, colour);
  shape += rect(x + width * 0.14, y + height * 0.08, width * 0.3, height * 0.36, shade(colour, -0.15));
  shape += rect(x + width * 0.56, y + height * 0.08, width * 0.3, height * 0.36, shade(colour, -0.15));
  shape += rect(x + width * 0.14, y + height * 0.52, width * 0.72, height * 0.4, shade(colour, -0.15));
  shape += circle(x + width * 0.82, y + height * 0.5, 5, '#d8c27a');
  shape += rect(x - 18, y + height, width + 36, 12, '#b9b4aa');
  return shape;
}

function brickPattern(id: string, base: string): string {
  const mortar = shade(base, 0.35);
  return `<pattern id="${id}" width="60" height="26" patternUnits="userSpaceOnUse"><rect width="60" height="26" fill="${base}"/><path d="M0 13 H60 M0 26 H60 M30 0 V13 M0 13 V26 M60 13 V26" stroke="${mortar}" stroke-width="2" opacity="0.55"/></pattern>`;
}

function stonePattern(id: string, base: string): string {
  const joint = shade(base, -0.18);
  return `<pattern id="${id}" width="90" height="36" patternUnits="userSpaceOnUse"><rect width="90" height="36" fill="${base}"/><path d="M0 18 H90 M0 36 H90 M50 0 V18 M20 18 V36 M80 18 V36" stroke="${joint}" stroke-width="1.5" opacity="0.5"/></pattern>`;
}

function wallFill(scene: Scene, random: Random, id: string): { fill: string; base: string } {
  const base = random.pick(wallColours);
  const isBrick = base === '#a9543f' || base === '#b5654a';
  const isStone = base === '#e8d3a3' || base === '#dcc28e' || base === '#b8b2a7';
  if (isBrick) scene.defs.push(brickPattern(id, base));
  else if (isStone) scene.defs.push(stonePattern(id, base));
  return { fill: isBrick || isStone ? `url(#${id})` : base, base };
}

let clipCounter = 0;

function roofTiles(
  points: Array<[number, number]>,
  colour: string,
  top: number,
  bottom: number,
  left: number,
  right: number,
): string {
  let shape = polygon(points, colour);
  clipCounter += 1;
  const id = `roof-clip-${clipCounter}`;
  shape += `<clipPath id="${id}">${polygon(points, '#000')}</clipPath><g clip-path="url(#${id})" opacity="0.25">`;
  for (let y = top + 18; y < bottom; y += 18) shape += line(left, y, right, y, shade(colour, -0.4), 2);
  shape += '</g>';
  return shape;
}

function chimney(x: number, roofY: number, colour: string): string {
  return `${rect(x, roofY - 70, 46, 90, colour)}${rect(x - 6, roofY - 78, 58, 12, shade(colour, -0.2))}${rect(x + 8, roofY - 96, 12, 20, '#b35e3c')}${rect(x + 26, roofY - 96, 12, 20, '#b35e3c')}`;
}

function pathAndFence(scene: Scene, random: Random, doorX: number, baseY: number): void {
  scene.main.push(
    polygon(
      [
        [doorX - 40, baseY + 12],
        [doorX + 40, baseY + 12],
        [doorX + 130, PHOTO_HEIGHT],
        [doorX - 130, PHOTO_HEIGHT],
      ],
      '#cfc6b4',
    ),
  );
  if (random.chance(0.6)) {
    const fenceY = baseY + 80;
    const colour = random.pick(['#f4f1ea', '#6b4a32', '#3d3d3d']);
    let fence = '';
    for (let x = 0; x < PHOTO_WIDTH; x += 34) {
      if (x > doorX - 150 && x < doorX + 150) continue;
      fence += rect(x, fenceY, 16, 70, colour);
    }
    fence += rect(0, fenceY + 16, doorX - 150, 8, colour) + rect(doorX + 150, fenceY + 16, PHOTO_WIDTH, 8, colour);
    fence += rect(0, fenceY + 48, doorX - 150, 8, colour) + rect(doorX + 150, fenceY + 48, PHOTO_WIDTH, 8, colour);
    scene.front.push(fence);
  } else {
    const hedge = random.pick(treeColours);
    scene.front.push(
      `${rect(0, baseY + 70, doorX - 140, 80, hedge, 'rx="30"')}${rect(doorX + 140, baseY + 70, PHOTO_WIDTH, 80, hedge, 'rx="30"')}`,
    );
  }
}

function sideTrees(scene: Scene, random: Random, baseY: number, leftEdge: number, rightEdge: number): void {
  if (leftEdge > 180)
    scene.main.push(
      tree(
        random.int(70, leftEdge - 90),
        baseY + 10,
        random.int(170, 260),
        random.pick(treeColours),
        random.chance(0.3) ? 'conifer' : 'round',
      ),
    );
  if (rightEdge < PHOTO_WIDTH - 180)
    scene.main.push(
      tree(random.int(rightEdge + 90, PHOTO_WIDTH - 70), baseY + 10, random.int(170, 260), random.pick(treeColours)),
    );
}

// ---------------------------------------------------------------------------------------------------------
// Exteriors

function drawExterior(kind: ExteriorKind, random: Random): string {
  const scene = newScene();
  const horizon = random.int(600, 680);
  drawSkyAndGround(scene, random, horizon);
  const baseY = random.int(800, 840);
  scene.main.push(ellipse(800, baseY + 10, 620, 30, '#000', 'opacity="0.12"'));
  switch (kind) {
    case 'detached':
      drawDetached(scene, random, baseY);
      break;
    case 'semi':
      drawSemi(scene, random, baseY);
      break;
    case 'terrace':
      drawTerrace(scene, random, baseY);
      break;
    case 'townhouse':
      drawTownhouse(scene, random, baseY);
      break;
    case 'flat':
      drawFlats(scene, random, baseY);
      break;
    case 'bungalow':
      drawBungalow(scene, random, baseY);
      break;
    case 'cottage':
      drawCottage(scene, random, baseY);
      break;
    case 'barn':
      drawBarn(scene, random, baseY);
      break;
    case 'commercial':
      drawCommercial(scene, random, baseY);
      break;
    case 'land':
      drawLand(scene, random, horizon);
      break;
  }
  // Enlarge free-standing buildings about their base so they fill the frame as a photographer would.
  const zoom = { detached: 1.22, semi: 1.2, bungalow: 1.18, cottage: 1.28, barn: 1.15, commercial: 1.1, flat: 1.05 }[
    kind as string
  ];
  if (zoom) {
    const transform = `transform="translate(800 ${baseY}) scale(${zoom}) translate(-800 -${baseY})"`;
    scene.main = [`<g ${transform}>${scene.main.join('')}${scene.front.join('')}</g>`];
    scene.front = [];
  }
  return renderScene(scene);
}

function drawDetached(scene: Scene, random: Random, baseY: number): void {
  const width = random.int(620, 760);
  const floorHeight = random.int(180, 200);
  const x = 800 - width / 2;
  const top = baseY - floorHeight * 2;
  const wall = wallFill(scene, random, 'wall');
  const roof = random.pick(roofColours);
  const roofHeight = random.int(150, 210);
  const frontGable = random.chance(0.35);
  const hasGarage = random.chance(0.5);
  if (hasGarage) {
    const garageX = random.chance(0.5) ? x - 230 : x + width;
    scene.main.push(rect(garageX, baseY - 180, 230, 180, wall.fill));
    scene.main.push(
      polygon(
        [
          [garageX - 10, baseY - 180],
          [garageX + 240, baseY - 180],
          [garageX + 230, baseY - 250],
          [garageX, baseY - 250],
        ],
        roof,
      ),
    );
    scene.main.push(rect(garageX + 30, baseY - 140, 170, 140, '#e6e3dc'));
    for (let y = baseY - 130; y < baseY; y += 16)
      scene.main.push(line(garageX + 30, y, garageX + 200, y, '#c9c4b9', 2));
  }
  scene.main.push(chimney(x + width * 0.18, top - roofHeight * 0.55, wall.base === '#f1ede4' ? '#b5654a' : wall.base));
  scene.main.push(rect(x, top, width, floorHeight * 2, wall.fill));
  if (frontGable) {
    scene.main.push(
      roofTiles(
        [
          [x - 25, top],
          [x + width + 25, top],
          [x + width / 2, top - roofHeight - 40],
        ],
        roof,
        top - roofHeight - 40,
        top,
        x - 25,
        x + width + 25,
      ),
    );
  } else {
    scene.main.push(
      roofTiles(
        [
          [x - 25, top],
          [x + width + 25, top],
          [x + width - 70, top - roofHeight],
          [x + 70, top - roofHeight],
        ],
        roof,
        top - roofHeight,
        top,
        x - 25,
        x + width + 25,
      ),
    );
  }
  const style: WindowStyle = random.pick(['sash', 'casement', 'modern']);
  const windowWidth = random.int(110, 135);
  const windowHeight = random.int(120, 145);
  const columns = [x + width * 0.2, x + width * 0.5, x + width * 0.8];
  for (const [index, cx] of columns.entries()) {
    scene.main.push(windowShape(cx - windowWidth / 2, top + 35, windowWidth, windowHeight, style));
    if (index !== 1)
      scene.main.push(windowShape(cx - windowWidth / 2, top + floorHeight + 30, windowWidth, windowHeight, style));
  }
  const doorWidth = 96;
  const doorX = columns[1]! - doorWidth / 2;
  scene.main.push(doorShape(doorX, baseY - 175, doorWidth, 175, random.pick(doorColours), random.chance(0.5)));
  if (random.chance(0.5)) {
    scene.main.push(
      polygon(
        [
          [doorX - 40, baseY - 190],
          [doorX + doorWidth + 40, baseY - 190],
          [doorX + doorWidth / 2, baseY - 240],
        ],
        roof,
      ),
    );
  }
  pathAndFence(scene, random, columns[1]!, baseY);
  sideTrees(scene, random, baseY, hasGarage ? x - 240 : x, hasGarage ? x + width + 240 : x + width);
  scene.front.push(
    bush(x + 60, baseY + 10, 120, random.pick(treeColours), random.pick(['#e85d75', '#f2c14e', '#ffffff'])),
  );
  scene.front.push(bush(x + width - 60, baseY + 10, 120, random.pick(treeColours)));
}

function drawSemi(scene: Scene, random: Random, baseY: number): void {
  const half = random.int(330, 380);
  const floorHeight = random.int(175, 195);
  const x = 800 - half;
  const top = baseY - floorHeight * 2;
  const wall = wallFill(scene, random, 'wall');
  const roof = random.pick(roofColours);
  const roofHeight = random.int(150, 190);
  scene.main.push(chimney(800 - 23, top - roofHeight + 20, wall.base === '#f1ede4' ? '#a9543f' : wall.base));
  scene.main.push(rect(x, top, half * 2, floorHeight * 2, wall.fill));
  scene.main.push(line(800, top, 800, baseY, shade(wall.base, -0.25), 3));
  scene.main.push(
    roofTiles(
      [
        [x - 40, top],
        [x + half * 2 + 40, top],
        [x + half * 2 - 110, top - roofHeight],
        [x + 110, top - roofHeight],
      ],
      roof,
      top - roofHeight,
      top,
      x - 40,
      x + half * 2 + 40,
    ),
  );
  const style: WindowStyle = random.pick(['sash', 'casement', 'modern']);
  const bay = random.chance(0.5);
  for (const side of [-1, 1]) {
    const innerX = side === -1 ? 800 - half * 0.38 : 800 + half * 0.38;
    const outerX = side === -1 ? x + 70 : x + half * 2 - 70;
    if (bay) {
      scene.main.push(rect(innerX - 95, baseY - floorHeight + 10, 190, floorHeight - 10, shade(wall.base, -0.05)));
      scene.main.push(
        polygon(
          [
            [innerX - 105, baseY - floorHeight + 10],
            [innerX + 105, baseY - floorHeight + 10],
            [innerX + 80, baseY - floorHeight - 20],
            [innerX - 80, baseY - floorHeight - 20],
          ],
          roof,
        ),
      );
      scene.main.push(windowShape(innerX - 80, baseY - floorHeight + 35, 160, 120, style));
    } else {
      scene.main.push(windowShape(innerX - 70, baseY - floorHeight + 30, 140, 130, style));
    }
    scene.main.push(windowShape(innerX - 65, top + 35, 130, 125, style));
    scene.main.push(windowShape(outerX - 40, top + 45, 80, 100, style));
    scene.main.push(doorShape(outerX - 44, baseY - 170, 88, 170, random.pick(doorColours), random.chance(0.4)));
  }
  pathAndFence(scene, random, x + 70, baseY);
  sideTrees(scene, random, baseY, x, x + half * 2);
}

function drawTerrace(scene: Scene, random: Random, baseY: number): void {
  const unit = random.int(280, 320);
  const floorHeight = random.int(170, 190);
  const top = baseY - floorHeight * 2;
  const wall = wallFill(scene, random, 'wall');
  const roof = random.pick(roofColours);
  const start = -random.int(40, 120);
  const count = Math.ceil((PHOTO_WIDTH - start) / unit);
  scene.main.push(
    roofTiles(
      [
        [start, top],
        [PHOTO_WIDTH + 40, top],
        [PHOTO_WIDTH + 40, top - 120],
        [start, top - 120],
      ],
      roof,
      top - 120,
      top,
      start,
      PHOTO_WIDTH + 40,
    ),
  );
  for (let index = 0; index <= count; index += 1) {
    scene.main.push(chimney(start + index * unit - 23, top - 110, shade(wall.base, -0.1)));
  }
  scene.main.push(rect(start, top, PHOTO_WIDTH - start, floorHeight * 2, wall.fill));
  const style: WindowStyle = random.pick(['sash', 'sash', 'casement']);
  const colours = random.shuffle(doorColours);
  for (let index = 0; index < count; index += 1) {
    const ux = start + index * unit;
    if (index > 0) scene.main.push(line(ux, top, ux, baseY, shade(wall.base, -0.3), 3));
    const mirrored = index % 2 === 1;
    const doorX = mirrored ? ux + unit - 100 : ux + 20;
    const windowX = mirrored ? ux + 30 : ux + unit - 160;
    scene.main.push(doorShape(doorX, baseY - 165, 80, 165, colours[index % colours.length]!, true));
    scene.main.push(windowShape(windowX, baseY - floorHeight + 25, 130, 130, style));
    scene.main.push(windowShape(ux + unit / 2 - 60, top + 35, 120, 120, style));
    scene.front.push(rect(ux + 4, baseY + 40, unit - 8, 20, shade(wall.base, -0.2)));
  }
  scene.front.push(rect(0, baseY + 60, PHOTO_WIDTH, PHOTO_HEIGHT - baseY - 60, '#bdb7aa'));
  scene.front.push(rect(0, baseY + 60, PHOTO_WIDTH, 14, '#a49d90'));
}

function drawTownhouse(scene: Scene, random: Random, baseY: number): void {
  const width = random.int(520, 600);
  const floorHeight = random.int(150, 165);
  const floors = 4;
  const x = 800 - width / 2;
  const top = baseY - floorHeight * floors;
  const stone = random.pick(['#e8d3a3', '#dcc28e', '#cfc7b8']);
  scene.defs.push(stonePattern('ashlar', stone));
  for (const neighbourX of [x - width, x + width]) {
    scene.main.push(rect(neighbourX, top, width, floorHeight * floors, 'url(#ashlar)'));
    scene.main.push(rect(neighbourX, top, width, floorHeight * floors, '#000', 'opacity="0.06"'));
  }
  scene.main.push(rect(x, top, width, floorHeight * floors, 'url(#ashlar)'));
  scene.main.push(rect(x - width - 10, top - 30, width * 3 + 20, 30, shade(stone, -0.1)));
  scene.main.push(rect(x - width, top - 90, width * 3, 60, random.pick(roofColours)));
  for (let floor = 0; floor < floors; floor += 1) {
    const y = top + floor * floorHeight + 25;
    const tall = floor === 1 ? 20 : 0;
    for (const column of [0.2, 0.5, 0.8]) {
      if (floor === floors - 1 && column === 0.2) continue;
      for (const offset of [-width, 0, width]) {
        scene.main.push(windowShape(x + offset + width * column - 50, y - tall / 2, 100, 105 + tall, 'sash'));
      }
    }
    scene.main.push(rect(x - width, top + (floor + 1) * floorHeight - 6, width * 3, 6, shade(stone, -0.12)));
  }
  for (const offset of [-width, 0, width]) {
    scene.main.push(
      doorShape(
        x + offset + width * 0.2 - 45,
        baseY - 150,
        90,
        150,
        offset === 0 ? random.pick(doorColours) : '#222831',
        true,
      ),
    );
  }
  const railing = '#1f1f1f';
  let rails = rect(0, baseY + 10, PHOTO_WIDTH, 8, railing);
  for (let rx = 0; rx < PHOTO_WIDTH; rx += 22)
    rails += rect(rx, baseY + 10, 5, 80, railing) + circle(rx + 2.5, baseY + 8, 5, railing);
  scene.front.push(rect(0, baseY + 90, PHOTO_WIDTH, PHOTO_HEIGHT, '#c4beb2'));
  scene.front.push(rails);
}

function drawFlats(scene: Scene, random: Random, baseY: number): void {
  const modern = random.chance(0.6);
  const floors = random.int(4, 6);
  const floorHeight = modern ? 115 : 125;
  const width = random.int(880, 1040);
  const x = 800 - width / 2;
  const top = baseY - floorHeight * floors;
  const wall = modern ? random.pick(['#e9e4da', '#d7d2c8', '#c9b49a', '#b86b4b', '#eeeeea']) : '';
  const fill = modern ? wall : wallFill(scene, random, 'wall').fill;
  scene.main.push(rect(x, top, width, floorHeight * floors, fill));
  if (modern) {
    const accent = random.pick(['#5a6b7a', '#9a6b4b', '#3f5e5a', '#c97b5a']);
    scene.main.push(rect(x + width * 0.62, top, width * 0.38, floorHeight * floors, accent, 'opacity="0.85"'));
    scene.main.push(rect(x - 10, top - 24, width + 20, 24, shade(accent, -0.2)));
  } else {
    scene.main.push(
      roofTiles(
        [
          [x - 20, top],
          [x + width + 20, top],
          [x + width - 60, top - 130],
          [x + 60, top - 130],
        ],
        random.pick(roofColours),
        top - 130,
        top,
        x - 20,
        x + width + 20,
      ),
    );
  }
  const columns = Math.floor(width / 170);
  for (let floor = 0; floor < floors; floor += 1) {
    const y = top + floor * floorHeight + 20;
    for (let column = 0; column < columns; column += 1) {
      const cx = x + (column + 0.5) * (width / columns);
      if (floor === floors - 1 && column === Math.floor(columns / 2)) continue;
      scene.main.push(
        windowShape(cx - 55, y, 110, floorHeight - 45, modern ? 'modern' : 'sash', modern ? '#3b3f45' : '#fbfbf7'),
      );
      if (modern && floor < floors - 1 && column % 2 === 0) {
        let balcony = rect(cx - 70, y + floorHeight - 60, 140, 8, '#2d3136');
        for (let bx = cx - 66; bx <= cx + 66; bx += 12) balcony += rect(bx, y + floorHeight - 60, 3, 36, '#2d3136');
        balcony += rect(cx - 70, y + floorHeight - 28, 140, 6, '#2d3136');
        scene.main.push(balcony);
      }
    }
  }
  const doorX = x + (Math.floor(columns / 2) + 0.5) * (width / columns) - 60;
  scene.main.push(rect(doorX, baseY - 170, 120, 170, '#2f3a45'));
  scene.main.push(rect(doorX + 8, baseY - 162, 104, 162, 'url(#glass)'));
  scene.main.push(rect(doorX - 30, baseY - 190, 180, 16, '#3b3f45'));
  scene.front.push(rect(0, baseY + 10, PHOTO_WIDTH, PHOTO_HEIGHT - baseY, '#bfb9ad'));
  for (let bay = 0; bay < 5; bay += 1)
    scene.front.push(rect(60 + bay * 300, baseY + 60, 8, 120, '#f4f1ea', 'opacity="0.8"'));
  sideTrees(scene, random, baseY, x, x + width);
}

function drawBungalow(scene: Scene, random: Random, baseY: number): void {
  const width = random.int(820, 960);
  const wallHeight = random.int(200, 230);
  const x = 800 - width / 2;
  const top = baseY - wallHeight;
  const wall = wallFill(scene, random, 'wall');
  const roof = random.pick(roofColours);
  const roofHeight = random.int(170, 230);
  scene.main.push(chimney(x + width * 0.7, top - roofHeight * 0.6, shade(wall.base, -0.1)));
  scene.main.push(rect(x, top, width, wallHeight, wall.fill));
  scene.main.push(
    roofTiles(
      [
        [x - 35, top],
        [x + width + 35, top],
        [x + width - 180, top - roofHeight],
        [x + 180, top - roofHeight],
      ],
      roof,
      top - roofHeight,
      top,
      x - 35,
      x + width + 35,
    ),
  );
  if (random.chance(0.5)) {
    const dormerX = 800 - 70;
    scene.main.push(rect(dormerX, top - roofHeight + 40, 140, 110, wall.fill));
    scene.main.push(
      polygon(
        [
          [dormerX - 15, top - roofHeight + 40],
          [dormerX + 155, top - roofHeight + 40],
          [dormerX + 70, top - roofHeight - 10],
        ],
        roof,
      ),
    );
    scene.main.push(windowShape(dormerX + 25, top - roofHeight + 60, 90, 75, 'casement'));
  }
  const style: WindowStyle = random.pick(['casement', 'modern']);
  scene.main.push(windowShape(x + 60, top + 45, 170, 120, style));
  scene.main.push(windowShape(x + width - 230, top + 45, 170, 120, style));
  scene.main.push(windowShape(x + width * 0.62, top + 55, 110, 100, style));
  const doorX = x + width * 0.36;
  scene.main.push(rect(doorX - 40, top + 10, 176, wallHeight - 10, shade(wall.base, 0.15)));
  scene.main.push(
    polygon(
      [
        [doorX - 55, top + 20],
        [doorX + 151, top + 20],
        [doorX + 48, top - 40],
      ],
      roof,
    ),
  );
  scene.main.push(doorShape(doorX, baseY - 165, 96, 165, random.pick(doorColours), false));
  pathAndFence(scene, random, doorX + 48, baseY);
  sideTrees(scene, random, baseY, x, x + width);
  scene.front.push(bush(x + 30, baseY + 10, 150, random.pick(treeColours), '#e85d75'));
  scene.front.push(bush(x + width - 20, baseY + 10, 150, random.pick(treeColours), '#f2c14e'));
}

function drawCottage(scene: Scene, random: Random, baseY: number): void {
  const width = random.int(560, 660);
  const floorHeight = 150;
  const x = 800 - width / 2;
  const top = baseY - floorHeight * 2;
  const wall = random.chance(0.5)
    ? { fill: random.pick(['#f6f1e3', '#f3e6c9', '#f2e0d9']), base: '#f3e6c9' }
    : wallFill(scene, random, 'wall');
  const thatch = random.chance(0.5);
  scene.main.push(rect(x, top, width, floorHeight * 2, wall.fill));
  if (thatch) {
    scene.main.push(
      `<path d="M${x - 50} ${top + 40} Q${x - 30} ${top - 40} ${x + 80} ${top - 150} L${x + width - 80} ${top - 150} Q${x + width + 30} ${top - 40} ${x + width + 50} ${top + 40} Q${800} ${top + 10} ${x - 50} ${top + 40} Z" fill="#c9a25e"/>`,
    );
    for (let index = 0; index < 40; index += 1) {
      const tx = x - 20 + index * ((width + 40) / 40);
      scene.main.push(line(tx, top - 120 + Math.abs(20 - index) * 3, tx + 8, top + 25, '#a8823f', 2, 'opacity="0.6"'));
    }
  } else {
    const roof = random.pick(roofColours);
    scene.main.push(
      roofTiles(
        [
          [x - 30, top],
          [x + width + 30, top],
          [x + width - 10, top - 160],
          [x + 10, top - 160],
        ],
        roof,
        top - 160,
        top,
        x - 30,
        x + width + 30,
      ),
    );
    scene.main.push(chimney(x + width - 90, top - 150, '#9a8f80'));
  }
  for (const cx of [x + width * 0.22, x + width * 0.78]) {
    scene.main.push(windowShape(cx - 55, top + (thatch ? 55 : 30), 110, 90, 'casement'));
    scene.main.push(windowShape(cx - 60, top + floorHeight + 25, 120, 95, 'casement'));
  }
  const doorX = 800 - 42;
  scene.main.push(doorShape(doorX, baseY - 150, 84, 150, random.pick(doorColours), false));
  scene.main.push(
    polygon(
      [
        [doorX - 35, baseY - 160],
        [doorX + 119, baseY - 160],
        [doorX + 42, baseY - 210],
      ],
      thatch ? '#8a6d3b' : '#5b6270',
    ),
  );
  for (let index = 0; index < 14; index += 1) {
    scene.main.push(
      circle(
        x + 15 + random.int(0, 60),
        top + floorHeight * 2 - random.int(0, 260),
        random.int(8, 14),
        random.pick(['#d64f6c', '#f08fa3', '#4f7f3a']),
      ),
    );
  }
  pathAndFence(scene, random, 800, baseY);
  sideTrees(scene, random, baseY, x, x + width);
  for (let index = 0; index < 5; index += 1)
    scene.front.push(
      bush(
        100 + index * 330,
        baseY + 150,
        160,
        random.pick(treeColours),
        random.pick(['#e85d75', '#b48ce0', '#f2c14e']),
      ),
    );
}

function drawBarn(scene: Scene, random: Random, baseY: number): void {
  const width = random.int(900, 1040);
  const wallHeight = 270;
  const x = 800 - width / 2;
  const top = baseY - wallHeight;
  const timber = random.pick(['#5a4634', '#3f3a36', '#7a5a3e']);
  const stone = random.pick(['#cbbf9f', '#b9ad95', '#d8c9a3']);
  scene.defs.push(stonePattern('barnstone', stone));
  scene.main.push(rect(x, top + 120, width, wallHeight - 120, 'url(#barnstone)'));
  scene.main.push(rect(x, top, width, 120, timber));
  for (let tx = x; tx < x + width; tx += 22) scene.main.push(line(tx, top, tx, top + 120, shade(timber, -0.3), 2));
  scene.main.push(
    roofTiles(
      [
        [x - 30, top],
        [x + width + 30, top],
        [x + width - 40, top - 190],
        [x + 40, top - 190],
      ],
      random.pick(['#4a4f5a', '#6b5a4e', '#8a4a32']),
      top - 190,
      top,
      x - 30,
      x + width + 30,
    ),
  );
  scene.main.push(rect(800 - 150, top + 20, 300, wallHeight - 20, '#3b3f45'));
  scene.main.push(rect(800 - 140, top + 30, 280, wallHeight - 30, 'url(#glass)'));
  for (const fx of [800 - 47, 800 + 47]) scene.main.push(rect(fx - 3, top + 30, 6, wallHeight - 30, '#3b3f45'));
  for (const wx of [x + 90, x + width - 230]) scene.main.push(windowShape(wx, top + 150, 140, 90, 'modern', '#3b3f45'));
  scene.main.push(
    polygon(
      [
        [0, baseY + 20],
        [PHOTO_WIDTH, baseY + 20],
        [PHOTO_WIDTH, PHOTO_HEIGHT],
        [0, PHOTO_HEIGHT],
      ],
      '#d8cfb8',
    ),
  );
  sideTrees(scene, random, baseY, x, x + width);
}

function drawCommercial(scene: Scene, random: Random, baseY: number): void {
  const variant = random.pick(['shop', 'office', 'industrial'] as const);
  if (variant === 'shop') {
    const width = 1100;
    const x = 250;
    const floorHeight = 170;
    const top = baseY - floorHeight * 3;
    const wall = wallFill(scene, random, 'wall');
    scene.main.push(rect(x, top, width, floorHeight * 3, wall.fill));
    scene.main.push(rect(x - 10, top - 30, width + 20, 30, shade(wall.base, -0.15)));
    for (let floor = 0; floor < 2; floor += 1) {
      for (let column = 0; column < 5; column += 1)
        scene.main.push(windowShape(x + 60 + column * 210, top + 30 + floor * floorHeight, 110, 120, 'sash'));
    }
    const fascia = random.pick(['#1f3a5f', '#2f5d50', '#7a1f2b', '#222831']);
    scene.main.push(rect(x, baseY - floorHeight, width, 50, fascia));
    scene.main.push(rect(x + 20, baseY - floorHeight + 50, width - 40, floorHeight - 50, 'url(#glass)'));
    for (let mx = x + 20; mx <= x + width - 20; mx += (width - 40) / 4)
      scene.main.push(rect(mx - 4, baseY - floorHeight + 50, 8, floorHeight - 50, fascia));
    let awning = '';
    for (let index = 0; index < 22; index += 1)
      awning += polygon(
        [
          [x + 30 + index * 47, baseY - floorHeight + 50],
          [x + 77 + index * 47, baseY - floorHeight + 50],
          [x + 82 + index * 47, baseY - floorHeight + 95],
          [x + 35 + index * 47, baseY - floorHeight + 95],
        ],
        index % 2 ? '#f4f1ea' : fascia,
      );
    scene.main.push(awning);
    scene.front.push(rect(0, baseY, PHOTO_WIDTH, PHOTO_HEIGHT, '#c9c3b6'));
  } else if (variant === 'office') {
    const width = 980;
    const x = 310;
    const floors = 5;
    const floorHeight = 120;
    const top = baseY - floors * floorHeight;
    scene.main.push(rect(x, top, width, floors * floorHeight, '#3a4a5a'));
    for (let floor = 0; floor < floors; floor += 1) {
      for (let column = 0; column < 8; column += 1) {
        scene.main.push(
          rect(x + 14 + column * 120.5, top + 12 + floor * floorHeight, 108, floorHeight - 24, 'url(#glass)'),
        );
      }
    }
    scene.main.push(rect(x - 20, top - 30, width + 40, 30, '#2a3642'));
    scene.main.push(rect(800 - 110, baseY - 150, 220, 150, '#2a3642'));
    scene.main.push(rect(800 - 100, baseY - 140, 200, 140, '#cfe3ef'));
    scene.front.push(rect(0, baseY, PHOTO_WIDTH, PHOTO_HEIGHT, '#bdb7aa'));
    sideTrees(scene, random, baseY, x, x + width);
  } else {
    const width = 1200;
    const x = 200;
    const top = baseY - 300;
    const cladding = random.pick(['#9aa5ad', '#7b8a8f', '#b7c0c4', '#5f7480']);
    scene.main.push(
      polygon(
        [
          [x, top + 60],
          [x + width / 2, top],
          [x + width, top + 60],
          [x + width, baseY],
          [x, baseY],
        ],
        cladding,
      ),
    );
    for (let cx = x; cx < x + width; cx += 18)
      scene.main.push(line(cx, top + 60, cx, baseY, shade(cladding, -0.15), 2));
    for (const doorX of [x + 120, x + 520]) {
      scene.main.push(rect(doorX, baseY - 220, 280, 220, '#d9dcdc'));
      for (let sy = baseY - 210; sy < baseY; sy += 14) scene.main.push(line(doorX, sy, doorX + 280, sy, '#b9bcbc', 2));
    }
    scene.main.push(rect(x + 900, baseY - 180, 200, 180, '#2a3642'));
    scene.main.push(rect(x + 910, baseY - 170, 180, 100, 'url(#glass)'));
    scene.front.push(rect(0, baseY, PHOTO_WIDTH, PHOTO_HEIGHT, '#9d9a93'));
    for (let bay = 0; bay < 6; bay += 1)
      scene.front.push(rect(80 + bay * 260, baseY + 80, 10, 140, '#f6d84a', 'opacity="0.8"'));
  }
}

function drawLand(scene: Scene, random: Random, horizon: number): void {
  const fieldColours = ['#8dbb63', '#a6c56b', '#c9b76a', '#7fae5a', '#b9a35b'];
  let y = horizon;
  let row = 0;
  while (y < PHOTO_HEIGHT) {
    const height = 60 + row * 45;
    const fieldsInRow = Math.max(2, 5 - row);
    let x = -50;
    for (let index = 0; index < fieldsInRow; index += 1) {
      const width = (PHOTO_WIDTH + 100) / fieldsInRow;
      const colour = random.pick(fieldColours);
      scene.main.push(
        polygon(
          [
            [x, y],
            [x + width, y + random.int(-10, 10)],
            [x + width + 20, y + height],
            [x - 20, y + height],
          ],
          colour,
        ),
      );
      if (random.chance(0.5)) {
        for (let stripe = 0; stripe < height; stripe += 10 + row * 3)
          scene.main.push(line(x, y + stripe, x + width, y + stripe + 4, shade(colour, -0.1), 2, 'opacity="0.6"'));
      }
      scene.main.push(line(x + width, y, x + width + 20, y + height, '#4f7f3a', 8, 'stroke-linecap="round"'));
      x += width;
    }
    scene.main.push(rect(0, y - 6, PHOTO_WIDTH, 12, '#4f7f3a', 'rx="6"'));
    for (let index = 0; index < 3 + row; index += 1) {
      scene.main.push(tree(random.int(0, PHOTO_WIDTH), y + 4, 30 + row * 30, random.pick(treeColours)));
    }
    y += height;
    row += 1;
  }
  const gateX = random.int(300, 1200);
  const gateY = PHOTO_HEIGHT - 120;
  let gate = rect(gateX - 10, gateY - 120, 16, 140, '#6b4a32') + rect(gateX + 330, gateY - 120, 16, 140, '#6b4a32');
  for (let bar = 0; bar < 5; bar += 1) gate += rect(gateX, gateY - 110 + bar * 24, 330, 9, '#8a6a4a');
  gate += line(gateX, gateY + 2, gateX + 330, gateY - 110, '#8a6a4a', 9);
  scene.front.push(gate);
  let fence = '';
  for (let fx = 0; fx < PHOTO_WIDTH; fx += 120)
    if (fx < gateX - 60 || fx > gateX + 360) fence += rect(fx, gateY - 90, 12, 110, '#6b4a32');
  fence +=
    line(0, gateY - 70, gateX - 10, gateY - 70, '#6b4a32', 4) +
    line(gateX + 346, gateY - 70, PHOTO_WIDTH, gateY - 70, '#6b4a32', 4);
  fence +=
    line(0, gateY - 30, gateX - 10, gateY - 30, '#6b4a32', 4) +
    line(gateX + 346, gateY - 30, PHOTO_WIDTH, gateY - 30, '#6b4a32', 4);
  scene.front.push(fence);
}

// ---------------------------------------------------------------------------------------------------------
// Interiors

const interiorWalls = ['#efe9df', '#e4ecef', '#f3e7da', '#dfe6da', '#ece2ef', '#f5f1e8', '#d9e2e8', '#efe0cf'];
const floorWoods = ['#b98b5e', '#c9a27a', '#8f6a4a', '#d7b990', '#a77b53'];
const accentColours = ['#2f5d7c', '#b5603a', '#3f6e5a', '#c9a227', '#8a4f7d', '#4b5f8a', '#c75b5b'];

function room(scene: Scene, random: Random, floorY: number): { wall: string; accent: string } {
  const wall = random.pick(interiorWalls);
  const wood = random.pick(floorWoods);
  scene.defs.push(
    linearGradient('wallShade', [
      [0, shade(wall, 0.2)],
      [1, shade(wall, -0.06)],
    ]),
  );
  scene.defs.push(
    linearGradient('glass', [
      [0, '#a9c7dd'],
      [0.55, '#d8e8f2'],
      [1, '#7fa3bd'],
    ]),
  );
  scene.back.push(rect(0, 0, PHOTO_WIDTH, floorY, 'url(#wallShade)'));
  scene.back.push(rect(0, floorY, PHOTO_WIDTH, PHOTO_HEIGHT - floorY, wood));
  for (let y = floorY + 24, step = 26; y < PHOTO_HEIGHT; y += step, step += 6)
    scene.back.push(line(0, y, PHOTO_WIDTH, y, shade(wood, -0.18), 2));
  for (let index = 0; index < 16; index += 1) {
    const x = index * 110 + (index % 2) * 40;
    scene.back.push(line(x, floorY, x - (800 - x) * 0.6, PHOTO_HEIGHT, shade(wood, -0.12), 1.5, 'opacity="0.6"'));
  }
  scene.back.push(rect(0, floorY - 16, PHOTO_WIDTH, 16, '#fbfaf6'));
  return { wall, accent: random.pick(accentColours) };
}

function interiorWindow(x: number, y: number, width: number, height: number, random: Random): string {
  const [top, bottom] = random.pick(skies);
  let shape = rect(x - 14, y - 14, width + 28, height + 28, '#fbfaf6');
  shape += `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${bottom}"/>`;
  shape += rect(x, y, width, height * 0.55, top, 'opacity="0.6"');
  shape += `<path d="M${x} ${y + height * 0.75} Q${x + width * 0.3} ${y + height * 0.55} ${x + width * 0.6} ${y + height * 0.7} T${x + width} ${y + height * 0.65} V${y + height} H${x} Z" fill="#7fae5a"/>`;
  shape += rect(x + width / 2 - 5, y, 10, height, '#fbfaf6') + rect(x, y + height * 0.45, width, 8, '#fbfaf6');
  shape += rect(x - 24, y + height + 14, width + 48, 14, '#f0ede5');
  return shape;
}

function plant(x: number, baseY: number, size: number): string {
  let leaves = '';
  for (let index = -3; index <= 3; index += 1) {
    leaves += ellipse(
      x + index * size * 0.12,
      baseY - size * 0.75 - Math.abs(index) * -size * 0.05,
      size * 0.1,
      size * 0.42,
      index % 2 ? '#4f7f3a' : '#6b9a4a',
      `transform="rotate(${index * 14} ${x} ${baseY - size * 0.4})"`,
    );
  }
  return `${leaves}${polygon(
    [
      [x - size * 0.2, baseY - size * 0.35],
      [x + size * 0.2, baseY - size * 0.35],
      [x + size * 0.15, baseY],
      [x - size * 0.15, baseY],
    ],
    '#c96f4a',
  )}`;
}

function pendant(x: number, length: number, colour: string): string {
  return `${line(x, 0, x, length, '#333', 3)}${polygon(
    [
      [x - 45, length + 50],
      [x + 45, length + 50],
      [x + 18, length],
      [x - 18, length],
    ],
    colour,
  )}${ellipse(x, length + 52, 30, 8, '#fff6d5', 'opacity="0.9"')}`;
}

function picture(x: number, y: number, width: number, height: number, random: Random): string {
  const colours = random.sample(accentColours, 3);
  return `${rect(x - 8, y - 8, width + 16, height + 16, '#3a3a3a')}${rect(x, y, width, height, '#f7f3ea')}${circle(x + width * 0.35, y + height * 0.45, Math.min(width, height) * 0.22, colours[0]!)}${rect(x + width * 0.5, y + height * 0.3, width * 0.3, height * 0.5, colours[1]!, 'opacity="0.8"')}${line(x + width * 0.1, y + height * 0.85, x + width * 0.9, y + height * 0.85, colours[2]!, 6)}`;
}

function drawInterior(kind: InteriorKind, random: Random): string {
  const scene = newScene();
  if (kind === 'garden') return drawGarden(scene, random);
  const floorY = random.int(700, 760);
  const { wall, accent } = room(scene, random, floorY);
  switch (kind) {
    case 'kitchen': {
      const cabinet = random.pick(['#f4f1ea', '#2f4858', '#8aa39b', '#d9cbb4', '#3f5e5a', '#e8e4dc']);
      const worktop = random.pick(['#3a3a3a', '#e8e4dc', '#b58a5a', '#cfcac0']);
      scene.main.push(interiorWindow(620, 170, 360, 260, random));
      scene.main.push(rect(0, 430, PHOTO_WIDTH, 40, '#ffffff', 'opacity="0.35"'));
      for (let x = 0; x < PHOTO_WIDTH; x += 40) scene.main.push(line(x, 440, x, 560, shade(wall, -0.1), 1));
      scene.main.push(rect(0, 140, 560, 230, cabinet) + rect(1040, 140, 560, 230, cabinet));
      for (let x = 0; x < 560; x += 140)
        scene.main.push(rect(x + 8, 148, 124, 214, shade(cabinet, -0.06)) + rect(x + 120, 240, 6, 40, '#b9b4aa'));
      for (let x = 1040; x < PHOTO_WIDTH; x += 140)
        scene.main.push(rect(x + 8, 148, 124, 214, shade(cabinet, -0.06)) + rect(x + 14, 240, 6, 40, '#b9b4aa'));
      scene.main.push(rect(0, 560, PHOTO_WIDTH, 26, worktop));
      scene.main.push(rect(0, 586, PHOTO_WIDTH, floorY - 586, cabinet));
      for (let x = 0; x < PHOTO_WIDTH; x += 160)
        scene.main.push(
          rect(x + 8, 596, 144, floorY - 606, shade(cabinet, -0.06)) + rect(x + 60, 612, 40, 6, '#b9b4aa'),
        );
      scene.main.push(
        rect(1150, 520, 240, 40, '#222') +
          circle(1200, 540, 14, '#444') +
          circle(1270, 540, 14, '#444') +
          circle(1340, 540, 14, '#444'),
      );
      scene.main.push(
        polygon(
          [
            [1170, 140],
            [1370, 140],
            [1330, 60],
            [1210, 60],
          ],
          '#c9c9c9',
        ) + rect(1250, 0, 40, 60, '#c9c9c9'),
      );
      scene.main.push(
        rect(700, 548, 200, 12, '#d9d9d9') +
          `<path d="M800 548 V500 Q800 480 830 480" stroke="#bdbdbd" stroke-width="8" fill="none"/>`,
      );
      if (random.chance(0.6)) {
        scene.front.push(rect(450, 780, 700, 30, worktop) + rect(470, 810, 660, 200, cabinet));
        for (const sx of [520, 700, 880, 1060])
          scene.front.push(rect(sx - 30, 860, 60, 14, accent) + rect(sx - 4, 874, 8, 150, '#333'));
      }
      scene.main.push(pendant(560, 80, accent) + pendant(1040, 80, accent));
      scene.main.push(plant(300, 560, 90));
      break;
    }
    case 'living-room': {
      scene.main.push(interiorWindow(random.chance(0.5) ? 160 : 1080, 170, 360, 380, random));
      if (random.chance(0.6)) {
        scene.main.push(
          rect(640, 300, 320, floorY - 300, '#f4f1ea') +
            rect(700, 420, 200, floorY - 420, '#2b2b2b') +
            rect(610, 280, 380, 30, '#e8e4dc'),
        );
        scene.main.push(picture(700, 130, 200, 130, random));
      } else {
        scene.main.push(picture(620, 200, 360, 220, random));
      }
      const sofa = random.pick(['#5a6b7a', '#b5603a', '#3f6e5a', '#8a7f72', '#c9a227', '#4b5f8a', '#d7cfc2']);
      const sofaX = random.int(200, 400);
      scene.front.push(rect(sofaX, 610, 760, 180, shade(sofa, -0.1), 'rx="30"'));
      scene.front.push(rect(sofaX + 40, 560, 680, 120, sofa, 'rx="26"'));
      scene.front.push(
        rect(sofaX - 20, 640, 90, 200, shade(sofa, -0.15), 'rx="30"') +
          rect(sofaX + 690, 640, 90, 200, shade(sofa, -0.15), 'rx="30"'),
      );
      scene.front.push(rect(sofaX + 60, 700, 640, 90, shade(sofa, 0.08), 'rx="18"'));
      scene.front.push(
        rect(sofaX + 120, 600, 120, 100, accent, 'rx="18"') +
          rect(sofaX + 520, 600, 120, 100, shade(accent, 0.3), 'rx="18"'),
      );
      scene.front.push(rect(sofaX + 30, 835, 30, 40, '#5a4634') + rect(sofaX + 700, 835, 30, 40, '#5a4634'));
      scene.front.push(ellipse(800, 950, 620, 90, accent, 'opacity="0.35"'));
      scene.front.push(
        rect(560, 880, 480, 28, '#8f6a4a', 'rx="8"') +
          rect(590, 908, 16, 80, '#5a4634') +
          rect(994, 908, 16, 80, '#5a4634'),
      );
      scene.front.push(
        rect(1240, 520, 16, 380, '#333') +
          polygon(
            [
              [1180, 520],
              [1316, 520],
              [1286, 430],
              [1210, 430],
            ],
            '#f4e3c1',
          ),
      );
      scene.front.push(plant(1420, floorY + 120, 220));
      break;
    }
    case 'bedroom': {
      scene.main.push(interiorWindow(random.chance(0.5) ? 120 : 1180, 170, 300, 340, random));
      const bedX = 420;
      const linen = random.pick(['#f7f5f0', '#e4ecef', '#efe0cf', '#dfe6da']);
      scene.main.push(rect(bedX + 60, 330, 640, 300, shade(accent, -0.1), 'rx="24"'));
      scene.main.push(picture(bedX + 250, 180, 260, 120, random));
      scene.front.push(rect(bedX, 560, 760, 260, linen, 'rx="20"'));
      scene.front.push(
        rect(bedX + 80, 500, 260, 110, '#ffffff', 'rx="30"') + rect(bedX + 420, 500, 260, 110, '#ffffff', 'rx="30"'),
      );
      scene.front.push(
        rect(bedX - 10, 650, 780, 210, accent, 'rx="16"') + rect(bedX - 10, 650, 780, 40, shade(accent, 0.25)),
      );
      for (const tableX of [bedX - 200, bedX + 800]) {
        scene.front.push(rect(tableX, 640, 160, 180, '#8f6a4a') + rect(tableX + 10, 680, 140, 4, '#5a4634'));
        scene.front.push(
          rect(tableX + 70, 560, 12, 80, '#333') +
            polygon(
              [
                [tableX + 30, 560],
                [tableX + 130, 560],
                [tableX + 110, 500],
                [tableX + 50, 500],
              ],
              '#f4e3c1',
            ),
        );
      }
      scene.front.push(ellipse(800, 990, 560, 60, shade(accent, 0.4), 'opacity="0.5"'));
      break;
    }
    case 'bathroom': {
      const tile = random.pick(['#ffffff', '#dfe9ec', '#e9e2d6', '#cfdcd3', '#1f3a4a']);
      scene.main.push(rect(0, 250, PHOTO_WIDTH, floorY - 250, tile));
      for (let y = 250; y < floorY; y += 60) scene.main.push(line(0, y, PHOTO_WIDTH, y, shade(tile, -0.15), 2));
      for (let x = 0; x < PHOTO_WIDTH; x += 120) scene.main.push(line(x, 250, x, floorY, shade(tile, -0.15), 2));
      scene.main.push(interiorWindow(330, 110, 260, 200, random));
      scene.front.push(rect(80, 600, 820, 260, '#ffffff', 'rx="40"') + rect(100, 590, 780, 30, '#f1f1f1', 'rx="14"'));
      scene.front.push(rect(140, 860, 40, 60, '#c9c9c9') + rect(800, 860, 40, 60, '#c9c9c9'));
      scene.main.push(`<path d="M820 590 V420 Q820 380 860 380 H900" stroke="#bdbdbd" stroke-width="10" fill="none"/>`);
      scene.main.push(
        rect(1040, 190, 200, 260, '#dfe9ec', 'rx="100"') + rect(1055, 205, 170, 230, '#eef5f8', 'rx="85"'),
      );
      scene.front.push(rect(1000, 560, 280, 60, '#ffffff', 'rx="10"') + rect(1040, 620, 200, 200, '#8f6a4a'));
      scene.main.push(rect(1350, 400, 160, 12, '#bdbdbd') + rect(1370, 412, 120, 200, accent, 'rx="8"'));
      scene.front.push(plant(1480, floorY + 40, 160));
      break;
    }
  }
  return renderScene(scene);
}

function drawGarden(scene: Scene, random: Random): string {
  const horizon = random.int(560, 620);
  drawSkyAndGround(scene, random, horizon);
  const fence = random.pick(['#8a6a4a', '#6b5a4e', '#5a6b5a']);
  scene.main.push(rect(0, horizon - 160, PHOTO_WIDTH, 170, fence));
  for (let x = 0; x < PHOTO_WIDTH; x += 90)
    scene.main.push(line(x, horizon - 160, x, horizon + 10, shade(fence, -0.25), 3));
  for (let index = 0; index < 4; index += 1)
    scene.main.push(tree(random.int(50, 1550), horizon - 40, random.int(140, 220), random.pick(treeColours)));
  for (let index = 0; index < 7; index += 1)
    scene.main.push(
      bush(
        120 + index * 230,
        horizon + 20,
        200,
        random.pick(treeColours),
        random.pick(['#e85d75', '#b48ce0', '#f2c14e', '#ffffff']),
      ),
    );
  const patio = random.pick(['#cfc6b4', '#bdb7aa', '#d9cfbd']);
  scene.front.push(
    polygon(
      [
        [300, 820],
        [1300, 820],
        [1600, PHOTO_HEIGHT],
        [0, PHOTO_HEIGHT],
      ],
      patio,
    ),
  );
  for (let x = -400; x < 2000; x += 140)
    scene.front.push(line(800 + (x - 800) * 0.55, 820, x, PHOTO_HEIGHT, shade(patio, -0.12), 2));
  scene.front.push(
    rect(640, 800, 320, 24, '#5a4634', 'rx="6"') +
      rect(660, 824, 14, 120, '#5a4634') +
      rect(926, 824, 14, 120, '#5a4634'),
  );
  for (const chairX of [540, 1000])
    scene.front.push(
      rect(chairX, 830, 90, 16, '#3f3f3f') +
        rect(chairX + (chairX < 800 ? 0 : 74), 740, 16, 110, '#3f3f3f') +
        rect(chairX + 8, 846, 10, 90, '#3f3f3f') +
        rect(chairX + 72, 846, 10, 90, '#3f3f3f'),
    );
  scene.front.push(circle(800, 790, 20, '#c9a227') + plant(1380, 960, 200) + plant(220, 980, 180));
  return renderScene(scene);
}

// ---------------------------------------------------------------------------------------------------------
// Floorplans: each floor is a list of rows; each row is rooms laid left to right (sizes in metres).

type PlanRoom = [name: string, widthMetres: number];
type PlanRow = { depth: number; rooms: PlanRoom[] };
type PlanFloor = { title: string; rows: PlanRow[] };

const floorplanLayouts: Record<string, PlanFloor[]> = {
  'floorplan-01': [
    {
      title: 'Fourth Floor',
      rows: [
        { depth: 4.6, rooms: [['Living/Bedroom', 5.4]] },
        {
          depth: 2.4,
          rooms: [
            ['Kitchen', 2.8],
            ['Hall', 1.2],
            ['Shower Room', 1.4],
          ],
        },
      ],
    },
  ],
  'floorplan-02': [
    {
      title: 'Second Floor',
      rows: [
        { depth: 4.3, rooms: [['Living/Kitchen', 6.2]] },
        {
          depth: 1.3,
          rooms: [
            ['Hall', 3.6],
            ['Store', 1.0],
            ['Cpd', 1.6],
          ],
        },
        {
          depth: 3.4,
          rooms: [
            ['Bedroom', 3.9],
            ['Bathroom', 2.3],
          ],
        },
      ],
    },
  ],
  'floorplan-03': [
    {
      title: 'First Floor',
      rows: [
        {
          depth: 4.5,
          rooms: [
            ['Sitting Room', 4.6],
            ['Kitchen', 3.0],
          ],
        },
        { depth: 1.3, rooms: [['Hall', 7.6]] },
        {
          depth: 3.6,
          rooms: [
            ['Bedroom 1', 3.6],
            ['Bathroom', 1.9],
            ['Bedroom 2', 2.1],
          ],
        },
      ],
    },
  ],
  'floorplan-04': [
    {
      title: 'Ground Floor',
      rows: [
        { depth: 4.0, rooms: [['Sitting Room', 4.4]] },
        { depth: 1.1, rooms: [['Hall', 4.4]] },
        { depth: 3.8, rooms: [['Kitchen/Dining Room', 4.4]] },
      ],
    },
    {
      title: 'First Floor',
      rows: [
        { depth: 4.0, rooms: [['Bedroom 1', 4.4]] },
        { depth: 1.1, rooms: [['Landing', 4.4]] },
        {
          depth: 3.8,
          rooms: [
            ['Bedroom 2', 2.6],
            ['Bathroom', 1.8],
          ],
        },
      ],
    },
  ],
  'floorplan-05': [
    {
      title: 'Ground Floor',
      rows: [
        { depth: 4.3, rooms: [['Sitting Room', 5.4]] },
        {
          depth: 1.3,
          rooms: [
            ['Hall', 2.6],
            ['WC', 1.2],
            ['Store', 1.6],
          ],
        },
        { depth: 3.8, rooms: [['Kitchen/Dining Room', 5.4]] },
      ],
    },
    {
      title: 'First Floor',
      rows: [
        {
          depth: 4.3,
          rooms: [
            ['Bedroom 1', 3.2],
            ['Bedroom 3', 2.2],
          ],
        },
        { depth: 1.3, rooms: [['Landing', 5.4]] },
        {
          depth: 3.8,
          rooms: [
            ['Bedroom 2', 3.1],
            ['Bathroom', 2.3],
          ],
        },
      ],
    },
  ],
  'floorplan-06': [
    {
      title: 'Ground Floor',
      rows: [
        {
          depth: 4.6,
          rooms: [
            ['Drawing Room', 4.6],
            ['Dining Room', 3.8],
          ],
        },
        {
          depth: 1.8,
          rooms: [
            ['Hall', 3.0],
            ['WC', 1.4],
            ['Utility', 1.8],
            ['Boot Room', 2.2],
          ],
        },
        {
          depth: 4.2,
          rooms: [
            ['Kitchen/Breakfast Room', 5.6],
            ['Study', 2.8],
          ],
        },
      ],
    },
    {
      title: 'First Floor',
      rows: [
        {
          depth: 4.6,
          rooms: [
            ['Principal Bedroom', 4.6],
            ['Bedroom 2', 3.8],
          ],
        },
        {
          depth: 1.8,
          rooms: [
            ['En Suite', 2.4],
            ['Landing', 3.8],
            ['Airing', 2.2],
          ],
        },
        {
          depth: 4.2,
          rooms: [
            ['Bedroom 3', 3.4],
            ['Bathroom', 2.2],
            ['Bedroom 4', 2.8],
          ],
        },
      ],
    },
  ],
  'floorplan-07': [
    {
      title: 'Ground Floor',
      rows: [
        {
          depth: 4.5,
          rooms: [
            ['Sitting Room', 5.2],
            ['Kitchen/Breakfast Room', 4.2],
            ['Utility', 2.0],
          ],
        },
        { depth: 1.4, rooms: [['Hall', 11.4]] },
        {
          depth: 3.8,
          rooms: [
            ['Bedroom 1', 4.0],
            ['Shower', 1.8],
            ['Bedroom 2', 3.2],
            ['Bedroom 3', 2.4],
          ],
        },
      ],
    },
  ],
  'floorplan-08': [
    {
      title: 'Ground Floor',
      rows: [
        {
          depth: 6.5,
          rooms: [
            ['Open-Plan Office', 9.2],
            ['Meeting Room', 4.0],
          ],
        },
        {
          depth: 2.8,
          rooms: [
            ['Reception', 4.2],
            ['Kitchen', 2.6],
            ['WC', 1.6],
            ['WC', 1.6],
            ['Store', 3.2],
          ],
        },
      ],
    },
  ],
};

function feetAndInches(metres: number): string {
  const totalInches = Math.round(metres * 39.3701);
  return `${Math.floor(totalInches / 12)}'${totalInches % 12}"`;
}

function drawFloorplan(plan: FloorplanImage): string {
  const floors = floorplanLayouts[plan.name] ?? [];
  const body: string[] = [rect(0, 0, PHOTO_WIDTH, PHOTO_HEIGHT, '#ffffff')];
  const areaOf = (floor: PlanFloor) =>
    floor.rows.reduce((sum, row) => sum + row.depth * row.rooms.reduce((s, [, w]) => s + w, 0), 0);
  const maxWidth = Math.max(
    ...floors.map((floor) => Math.max(...floor.rows.map((row) => row.rooms.reduce((s, [, w]) => s + w, 0)))),
  );
  const maxDepth = Math.max(...floors.map((floor) => floor.rows.reduce((sum, row) => sum + row.depth, 0)));
  const slotWidth = (PHOTO_WIDTH - 160) / floors.length;
  const scale = Math.min((slotWidth - 120) / maxWidth, 760 / maxDepth);
  let totalArea = 0;
  floors.forEach((floor, floorIndex) => {
    const floorWidth = Math.max(...floor.rows.map((row) => row.rooms.reduce((s, [, w]) => s + w, 0)));
    const floorDepth = floor.rows.reduce((sum, row) => sum + row.depth, 0);
    const originX = 80 + floorIndex * slotWidth + (slotWidth - floorWidth * scale) / 2;
    const originY = 90 + (760 - floorDepth * scale) / 2;
    let y = originY;
    floor.rows.forEach((row, rowIndex) => {
      const rowWidth = row.rooms.reduce((s, [, w]) => s + w, 0);
      let x = originX;
      row.rooms.forEach(([name, widthMetres], roomIndex) => {
        const width = (widthMetres / rowWidth) * floorWidth * scale;
        const height = row.depth * scale;
        const roomWidthMetres = (widthMetres / rowWidth) * floorWidth;
        body.push(
          rect(
            x,
            y,
            width,
            height,
            name === 'Hall' || name === 'Landing' ? '#f7f7f7' : '#ffffff',
            'stroke="#1b1b1b" stroke-width="7"',
          ),
        );
        // Rooms open onto the circulation row (the shallow middle row), so doors sit on the wall they share.
        const isCirculationRow = row.depth < 2;
        if (!isCirculationRow && floor.rows.length > 1) {
          const doorWidth = Math.min(0.8 * scale, width * 0.4);
          const opensUp = rowIndex > 0;
          const doorY = opensUp ? y : y + height;
          const doorX = x + (roomIndex % 2 === 0 ? width * 0.12 : width * 0.88 - doorWidth);
          const swing = opensUp ? 1 : -1;
          body.push(line(doorX, doorY, doorX + doorWidth, doorY, '#ffffff', 9));
          body.push(
            `<path d="M${fmt(doorX)} ${fmt(doorY)} L${fmt(doorX)} ${fmt(doorY + swing * doorWidth)} A${fmt(doorWidth)} ${fmt(doorWidth)} 0 0 ${opensUp ? 0 : 1} ${fmt(doorX + doorWidth)} ${fmt(doorY)}" fill="none" stroke="#6b6b6b" stroke-width="2"/>`,
          );
        }
        const labelSize = Math.max(11, Math.min(24, (width - 14) / (name.length * 0.78)));
        const centreX = x + width / 2;
        const centreY = y + height / 2;
        const isSmall = roomWidthMetres < 2.0 || row.depth < 2;
        body.push(
          text(
            centreX,
            centreY - (isSmall ? -labelSize / 3 : 14),
            name.toUpperCase(),
            labelSize,
            '#1b1b1b',
            'text-anchor="middle" font-weight="bold"',
          ),
        );
        if (!isSmall) {
          const metric = `${roomWidthMetres.toFixed(2)}m x ${row.depth.toFixed(2)}m`;
          const imperial = `${feetAndInches(roomWidthMetres)} x ${feetAndInches(row.depth)}`;
          const dimensionSize = Math.max(12, Math.min(19, width / 13));
          body.push(text(centreX, centreY + 14, metric, dimensionSize, '#444', 'text-anchor="middle"'));
          body.push(
            text(
              centreX,
              centreY + 14 + dimensionSize * 1.25,
              `(${imperial})`,
              dimensionSize,
              '#444',
              'text-anchor="middle"',
            ),
          );
        }
        x += width;
      });
      y += row.depth * scale;
    });
    // Windows on the front and back walls.
    for (const wallY of [originY, originY + floorDepth * scale]) {
      for (let index = 0; index < 2; index += 1) {
        const wx = originX + floorWidth * scale * (0.15 + index * 0.5);
        body.push(rect(wx, wallY - 5, floorWidth * scale * 0.2, 10, '#ffffff', 'stroke="#1b1b1b" stroke-width="2"'));
      }
    }
    const area = areaOf(floor);
    totalArea += area;
    body.push(
      text(
        originX + (floorWidth * scale) / 2,
        900,
        floor.title,
        28,
        '#1b1b1b',
        'text-anchor="middle" font-weight="bold"',
      ),
    );
    body.push(
      text(
        originX + (floorWidth * scale) / 2,
        935,
        `Approx. ${area.toFixed(1)} sq. metres (${(area * 10.7639).toFixed(1)} sq. feet)`,
        19,
        '#444',
        'text-anchor="middle"',
      ),
    );
  });
  body.push(text(80, 56, plan.title, 30, '#1b1b1b', 'font-weight="bold"'));
  body.push(text(PHOTO_WIDTH - 80, 56, 'Harbour & Vale', 26, '#1f3a5f', 'text-anchor="end" font-weight="bold"'));
  body.push(line(80, 972, PHOTO_WIDTH - 80, 972, '#cccccc', 2));
  body.push(
    text(
      80,
      1010,
      `Total area: approx. ${totalArea.toFixed(1)} sq. metres (${(totalArea * 10.7639).toFixed(1)} sq. feet)`,
      22,
      '#1b1b1b',
      'font-weight="bold"',
    ),
  );
  body.push(
    text(
      80,
      1044,
      'For illustration purposes only. Not to scale. Measurements are approximate and should not be relied upon.',
      17,
      '#666',
    ),
  );
  return svgDocument(PHOTO_WIDTH, PHOTO_HEIGHT, '', body.join(''));
}

// ---------------------------------------------------------------------------------------------------------
// EPC chart

function drawEpcChart(current: EpcRating, potential: EpcRating): string {
  const width = 1200;
  const height = 1000;
  const scores = epcScores(current, potential);
  const body: string[] = [rect(0, 0, width, height, '#ffffff')];
  const left = 40;
  const chartRight = 780;
  const columnWidth = 180;
  const top = 150;
  const rowHeight = 90;
  body.push(rect(left, 30, width - 80, height - 60, 'none', 'stroke="#1b1b1b" stroke-width="3"'));
  body.push(text(left + 20, 88, 'Energy Efficiency Rating', 40, '#1b1b1b', 'font-weight="bold"'));
  body.push(line(left, 110, width - 40, 110, '#1b1b1b', 3));
  body.push(line(chartRight, 110, chartRight, height - 120, '#1b1b1b', 3));
  body.push(line(chartRight + columnWidth, 110, chartRight + columnWidth, height - 120, '#1b1b1b', 3));
  body.push(
    text(chartRight + columnWidth / 2, 140, 'Current', 26, '#1b1b1b', 'text-anchor="middle" font-weight="bold"'),
  );
  body.push(
    text(chartRight + columnWidth * 1.5, 140, 'Potential', 26, '#1b1b1b', 'text-anchor="middle" font-weight="bold"'),
  );
  body.push(text(left + 20, top + 22, 'Very energy efficient - lower running costs', 20, '#1b1b1b'));
  epcRatings.forEach((rating, index) => {
    const band = epcBands[rating];
    const y = top + 36 + index * rowHeight;
    const barWidth = 200 + index * 70;
    body.push(
      polygon(
        [
          [left + 20, y],
          [left + 20 + barWidth, y],
          [left + 20 + barWidth + 34, y + (rowHeight - 14) / 2],
          [left + 20 + barWidth, y + rowHeight - 14],
          [left + 20, y + rowHeight - 14],
        ],
        band.colour,
      ),
    );
    const range = rating === 'A' ? '(92 plus)' : `(${band.min}-${band.max})`;
    body.push(text(left + 34, y + rowHeight / 2, range, 20, index < 2 || index > 4 ? '#ffffff' : '#1b1b1b'));
    body.push(
      text(
        left + barWidth - 14,
        y + rowHeight / 2 + 14,
        rating,
        46,
        index < 2 || index > 4 ? '#ffffff' : '#1b1b1b',
        'text-anchor="end" font-weight="bold"',
      ),
    );
  });
  body.push(
    text(left + 20, top + 36 + 7 * rowHeight + 24, 'Not energy efficient - higher running costs', 20, '#1b1b1b'),
  );
  const arrow = (columnX: number, rating: EpcRating, score: number) => {
    const index = epcRatings.indexOf(rating);
    const y = top + 36 + index * rowHeight;
    const x = columnX + 20;
    const arrowWidth = columnWidth - 34;
    const colour = epcBands[rating].colour;
    body.push(
      polygon(
        [
          [x, y + (rowHeight - 14) / 2],
          [x + 30, y],
          [x + arrowWidth, y],
          [x + arrowWidth, y + rowHeight - 14],
          [x + 30, y + rowHeight - 14],
        ],
        colour,
      ),
    );
    body.push(
      text(
        x + arrowWidth / 2 + 14,
        y + rowHeight / 2 + 12,
        String(score),
        38,
        index < 2 || index > 4 ? '#ffffff' : '#1b1b1b',
        'text-anchor="middle" font-weight="bold"',
      ),
    );
  };
  arrow(chartRight, current, scores.current);
  arrow(chartRight + columnWidth, potential, scores.potential);
  body.push(line(left, height - 120, width - 40, height - 120, '#1b1b1b', 3));
  body.push(text(left + 20, height - 66, 'England, Scotland & Wales', 30, '#1b1b1b', 'font-weight="bold"'));
  body.push(text(width - 60, height - 76, 'Energy Performance', 20, '#1b1b1b', 'text-anchor="end"'));
  body.push(text(width - 60, height - 50, 'Certificate rating', 20, '#1b1b1b', 'text-anchor="end"'));
  return svgDocument(width, height, '', body.join(''));
}

// ---------------------------------------------------------------------------------------------------------
// Staff portraits

const skinTones = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#f5cfa0', '#d1a073', '#a86b3c'];
const hairColours = ['#2b1b12', '#4b2e1e', '#a55728', '#d6b370', '#1a1a1a', '#8a8a8a', '#6b3e26'];
const portraitBackgrounds = ['#dce8f2', '#e8e1d4', '#dfeadf', '#efe0e6', '#e4e0f0', '#f2e6d0'];
const clothing = ['#1f3a5f', '#2f3e46', '#5a6b7a', '#7a1f2b', '#3f6e5a', '#22223b', '#8a7f72'];

function drawPortrait(index: number, random: Random): string {
  const size = 800;
  const skin = skinTones[index % skinTones.length]!;
  const hair = random.pick(hairColours);
  const style = (['short', 'long', 'bob', 'bun', 'curly', 'crop'] as const)[index % 6]!;
  const jacket = random.pick(clothing);
  const body: string[] = [];
  const defs = linearGradient('bg', [
    [0, random.pick(portraitBackgrounds)],
    [1, '#ffffff'],
  ]);
  body.push(rect(0, 0, size, size, 'url(#bg)'));
  body.push(circle(400, 420, 300, '#ffffff', 'opacity="0.35"'));
  if (style === 'long') body.push(rect(250, 250, 300, 360, hair, 'rx="130"'));
  // Shoulders and clothes.
  body.push(`<path d="M120 800 Q130 600 300 570 L500 570 Q670 600 680 800 Z" fill="${jacket}"/>`);
  body.push(
    polygon(
      [
        [330, 570],
        [470, 570],
        [400, 690],
      ],
      '#f7f7f2',
    ),
  );
  body.push(
    polygon(
      [
        [340, 572],
        [400, 690],
        [300, 610],
      ],
      shade(jacket, -0.2),
    ) +
      polygon(
        [
          [460, 572],
          [400, 690],
          [500, 610],
        ],
        shade(jacket, -0.2),
      ),
  );
  body.push(rect(360, 480, 80, 110, shade(skin, -0.08), 'rx="30"'));
  // Head.
  body.push(ellipse(400, 380, 125, 150, skin));
  body.push(ellipse(276, 390, 20, 34, shade(skin, -0.06)) + ellipse(524, 390, 20, 34, shade(skin, -0.06)));
  switch (style) {
    case 'short':
      body.push(
        `<path d="M275 360 Q270 225 400 220 Q530 225 525 360 Q500 290 400 285 Q300 290 275 360 Z" fill="${hair}"/>`,
      );
      break;
    case 'crop':
      body.push(
        `<path d="M280 330 Q290 240 400 235 Q510 240 520 330 Q480 280 400 278 Q320 280 280 330 Z" fill="${hair}"/>`,
      );
      break;
    case 'long':
    case 'bob':
      body.push(
        `<path d="M265 420 Q250 220 400 215 Q550 220 535 420 Q520 300 450 280 Q380 320 300 300 Q275 340 265 420 Z" fill="${hair}"/>`,
      );
      if (style === 'bob')
        body.push(rect(262, 330, 40, 150, hair, 'rx="18"') + rect(498, 330, 40, 150, hair, 'rx="18"'));
      break;
    case 'bun':
      body.push(circle(400, 205, 55, hair));
      body.push(
        `<path d="M272 370 Q265 235 400 232 Q535 235 528 370 Q510 290 400 285 Q290 290 272 370 Z" fill="${hair}"/>`,
      );
      break;
    case 'curly':
      for (let curl = 0; curl < 14; curl += 1) {
        const angle = Math.PI + (curl / 13) * Math.PI;
        body.push(circle(400 + Math.cos(angle) * 125, 350 + Math.sin(angle) * 130, 42, hair));
      }
      break;
  }
  // Face.
  body.push(
    `<path d="M335 345 Q355 333 375 345" stroke="${shade(hair, -0.1)}" stroke-width="7" fill="none" stroke-linecap="round"/>`,
  );
  body.push(
    `<path d="M425 345 Q445 333 465 345" stroke="${shade(hair, -0.1)}" stroke-width="7" fill="none" stroke-linecap="round"/>`,
  );
  body.push(ellipse(355, 375, 11, 13, '#2b2b2b') + ellipse(445, 375, 11, 13, '#2b2b2b'));
  body.push(circle(359, 371, 3.5, '#ffffff') + circle(449, 371, 3.5, '#ffffff'));
  body.push(
    `<path d="M400 385 Q392 425 404 430" stroke="${shade(skin, -0.25)}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  );
  body.push(
    `<path d="M355 458 Q400 492 445 458" stroke="#9a4a4a" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  );
  body.push(
    ellipse(330, 430, 22, 12, '#e88f8f', 'opacity="0.25"') + ellipse(470, 430, 22, 12, '#e88f8f', 'opacity="0.25"'),
  );
  if (random.chance(0.35)) {
    body.push(
      `<g fill="none" stroke="#2b2b2b" stroke-width="6">${circle(355, 376, 34, 'none')}${circle(445, 376, 34, 'none')}${line(389, 376, 411, 376, '#2b2b2b', 6)}</g>`,
    );
  }
  return svgDocument(size, size, defs, body.join(''));
}

// ---------------------------------------------------------------------------------------------------------
// Article heroes (1600 x 900)

function drawArticleHero(kind: ArticleHeroKind, random: Random): string {
  const width = PHOTO_WIDTH;
  const height = 900;
  const palette = random.pick([
    ['#1f3a5f', '#f4a261', '#e9c46a', '#2a9d8f', '#f1faee'],
    ['#264653', '#e76f51', '#f4a261', '#2a9d8f', '#fdf6ec'],
    ['#22223b', '#c0625a', '#f2e9e4', '#9a8c98', '#fbf8f6'],
    ['#2f3e46', '#84a98c', '#cad2c5', '#52796f', '#f6f4ee'],
  ] as const);
  const [dark, warm, light, cool, paper] = palette;
  const defs = linearGradient('heroSky', [
    [0, shade(cool, 0.55)],
    [1, paper],
  ]);
  const body: string[] = [rect(0, 0, width, height, 'url(#heroSky)')];
  const houseIcon = (x: number, baseY: number, size: number, colour: string) =>
    `${rect(x - size / 2, baseY - size * 0.7, size, size * 0.7, colour)}${polygon(
      [
        [x - size * 0.62, baseY - size * 0.68],
        [x + size * 0.62, baseY - size * 0.68],
        [x, baseY - size * 1.15],
      ],
      shade(colour, -0.25),
    )}${rect(x - size * 0.12, baseY - size * 0.35, size * 0.24, size * 0.35, paper)}`;
  switch (kind) {
    case 'skyline':
    case 'riverside': {
      body.push(circle(1250, 200, 90, warm, 'opacity="0.8"'));
      for (let layer = 0; layer < 3; layer += 1) {
        const baseY = 560 + layer * 90;
        const colour = shade(dark, 0.45 - layer * 0.2);
        let x = -40;
        while (x < width) {
          const w = random.int(110, 190);
          const h = random.int(160, 300) - layer * 30;
          body.push(rect(x, baseY - h, w, h + 200, colour));
          body.push(
            polygon(
              [
                [x - 6, baseY - h],
                [x + w + 6, baseY - h],
                [x + w / 2, baseY - h - random.int(40, 90)],
              ],
              shade(colour, -0.15),
            ),
          );
          for (let wy = baseY - h + 30; wy < baseY - 20; wy += 55)
            for (let wx = x + 20; wx < x + w - 30; wx += 45)
              if (random.chance(0.55)) body.push(rect(wx, wy, 22, 30, light, 'opacity="0.85"'));
          x += w + random.int(0, 12);
        }
      }
      if (kind === 'riverside') {
        body.push(rect(0, 760, width, 140, cool));
        body.push(
          `<path d="M0 760 Q400 640 800 760 Q1200 640 1600 760" fill="none" stroke="${dark}" stroke-width="22"/>`,
        );
        for (let index = 0; index < 12; index += 1)
          body.push(
            line(
              random.int(0, width),
              random.int(790, 880),
              random.int(0, width),
              random.int(790, 880),
              paper,
              3,
              'opacity="0.5"',
            ),
          );
      }
      break;
    }
    case 'sold-board': {
      body.push(rect(0, 680, width, 220, shade(cool, -0.1)));
      body.push(houseIcon(1050, 700, 520, light));
      body.push(rect(420, 300, 22, 460, '#6b4a32'));
      body.push(rect(240, 300, 420, 260, paper, 'stroke="#1b1b1b" stroke-width="6"'));
      body.push(rect(240, 300, 420, 80, dark));
      body.push(text(450, 358, 'HARBOUR & VALE', 36, paper, 'text-anchor="middle" font-weight="bold"'));
      body.push(text(450, 480, 'SOLD', 96, warm, 'text-anchor="middle" font-weight="bold"'));
      break;
    }
    case 'keys': {
      body.push(circle(800, 450, 330, light, 'opacity="0.6"'));
      body.push(
        `<g transform="rotate(-25 800 450)">${circle(560, 450, 110, 'none', `stroke="${warm}" stroke-width="40"`)}${rect(660, 430, 460, 44, warm, 'rx="10"')}${rect(1030, 474, 30, 70, warm)}${rect(960, 474, 30, 50, warm)}</g>`,
      );
      body.push(
        `<g transform="rotate(12 1100 300)">${rect(1020, 220, 180, 110, paper, 'rx="14" stroke="#1b1b1b" stroke-width="4"')}${circle(1050, 275, 12, 'none', 'stroke="#1b1b1b" stroke-width="4"')}${text(1120, 290, 'H&V', 40, dark, 'text-anchor="middle" font-weight="bold"')}</g>`,
      );
      body.push(houseIcon(340, 780, 220, cool));
      break;
    }
    case 'market-chart': {
      body.push(rect(200, 150, 1200, 620, paper, 'rx="20"'));
      for (let gy = 250; gy < 720; gy += 90) body.push(line(260, gy, 1340, gy, '#dddddd', 2));
      let previous: [number, number] | undefined;
      for (let index = 0; index < 10; index += 1) {
        const x = 300 + index * 110;
        const value = 200 + index * 35 + random.int(-40, 40);
        body.push(rect(x, 720 - value, 70, value, index % 2 ? cool : shade(cool, 0.25), 'rx="6"'));
        const point: [number, number] = [x + 35, 700 - value - 40];
        if (previous) body.push(line(previous[0], previous[1], point[0], point[1], warm, 8, 'stroke-linecap="round"'));
        body.push(circle(point[0], point[1], 10, warm));
        previous = point;
      }
      body.push(houseIcon(1450, 860, 160, dark) + houseIcon(150, 860, 130, dark));
      break;
    }
    case 'mortgage': {
      body.push(
        `<g transform="rotate(-6 700 450)">${rect(420, 170, 560, 640, paper, 'rx="12" stroke="#cccccc" stroke-width="3"')}${rect(470, 230, 300, 30, dark)}`,
      );
      for (let ly = 300; ly < 740; ly += 45) body.push(rect(470, ly, random.int(300, 460), 14, '#d5d5d5', 'rx="7"'));
      body.push('</g>');
      body.push(rect(980, 300, 320, 460, dark, 'rx="30"') + rect(1010, 330, 260, 100, light, 'rx="10"'));
      for (let row = 0; row < 4; row += 1)
        for (let column = 0; column < 4; column += 1)
          body.push(
            rect(1015 + column * 65, 460 + row * 70, 50, 50, column === 3 ? warm : shade(dark, 0.3), 'rx="10"'),
          );
      for (let index = 0; index < 5; index += 1)
        body.push(ellipse(300, 760 - index * 26, 90, 24, warm, `stroke="${shade(warm, -0.3)}" stroke-width="4"`));
      break;
    }
    case 'moving-day': {
      body.push(rect(0, 700, width, 200, shade(light, -0.1)));
      const boxes: Array<[number, number, number]> = [
        [300, 700, 260],
        [560, 700, 220],
        [420, 480, 200],
        [1000, 700, 300],
        [1060, 400, 200],
      ];
      for (const [bx, by, size] of boxes) {
        body.push(
          rect(bx, by - size, size, size, '#c8a27a') +
            rect(bx, by - size, size, size * 0.18, '#b08a62') +
            rect(bx + size * 0.42, by - size, size * 0.16, size, '#e4d3a8', 'opacity="0.7"'),
        );
      }
      body.push(plant(1450, 760, 260));
      break;
    }
    case 'new-homes': {
      body.push(rect(0, 720, width, 180, shade(cool, -0.05)));
      body.push(
        rect(1180, 120, 26, 600, warm) +
          rect(900, 120, 560, 24, warm) +
          line(1200, 140, 1000, 340, dark, 4) +
          rect(980, 340, 40, 40, dark),
      );
      for (let index = 0; index < 4; index += 1)
        body.push(
          houseIcon(220 + index * 260, 730, 200, index === 3 ? 'none' : [light, paper, shade(cool, 0.4)][index % 3]!),
        );
      body.push(rect(905, 570, 190, 160, 'none', `stroke="${dark}" stroke-width="6" stroke-dasharray="18 12"`));
      break;
    }
    case 'map': {
      body.push(rect(0, 0, width, height, '#e9ecdf'));
      for (let index = 0; index < 4; index += 1)
        body.push(
          rect(
            random.int(0, 1300),
            random.int(0, 500),
            random.int(180, 320),
            random.int(120, 220),
            '#cfe1b9',
            'rx="40"',
          ),
        );
      body.push(`<path d="M0 640 Q400 540 800 660 T1600 580 V900 H0 Z" fill="#b9d6e6"/>`);
      for (let index = 0; index < 7; index += 1)
        body.push(
          line(
            random.int(0, width),
            0,
            random.int(0, width),
            height,
            '#ffffff',
            random.int(12, 26),
            'stroke-linecap="round"',
          ),
        );
      for (let index = 0; index < 5; index += 1)
        body.push(line(0, random.int(0, height), width, random.int(0, height), '#ffffff', random.int(12, 26)));
      body.push(`<path d="M0 300 Q500 360 900 260 T1600 330" fill="none" stroke="${light}" stroke-width="30"/>`);
      for (let index = 0; index < 5; index += 1) {
        const px = random.int(200, 1400);
        const py = random.int(200, 650);
        body.push(
          `<path d="M${px} ${py} C${px - 60} ${py - 80} ${px - 50} ${py - 150} ${px} ${py - 150} C${px + 50} ${py - 150} ${px + 60} ${py - 80} ${px} ${py} Z" fill="${index === 0 ? warm : dark}"/>${circle(px, py - 100, 20, paper)}`,
        );
      }
      break;
    }
    case 'tips': {
      body.push(rect(0, 620, width, 280, '#8f6a4a'));
      body.push(`<g transform="rotate(-4 600 500)">${rect(320, 250, 560, 420, paper, 'rx="10"')}`);
      for (let ly = 320; ly < 640; ly += 50) body.push(line(370, ly, 830, ly, '#c9d6e3', 3));
      body.push(`${text(370, 305, 'Moving checklist', 36, dark, 'font-weight="bold"')}`);
      for (let index = 0; index < 5; index += 1)
        body.push(
          rect(370, 340 + index * 50, 24, 24, 'none', `stroke="${dark}" stroke-width="3"`) +
            (index < 3
              ? `<path d="M374 ${352 + index * 50} l8 8 l14 -16" stroke="${warm}" stroke-width="5" fill="none"/>`
              : '') +
            rect(410, 346 + index * 50, random.int(200, 380), 12, '#d5d5d5', 'rx="6"'),
        );
      body.push('</g>');
      body.push(
        ellipse(1150, 640, 120, 30, '#5a4634', 'opacity="0.35"') +
          rect(1050, 480, 200, 160, paper, 'rx="20"') +
          `<path d="M1250 520 Q1320 530 1300 590 Q1290 620 1250 610" fill="none" stroke="${paper}" stroke-width="18"/>` +
          ellipse(1150, 490, 92, 20, '#6b4a32'),
      );
      break;
    }
  }
  return svgDocument(width, height, defs, body.join(''));
}

// ---------------------------------------------------------------------------------------------------------
// Logo: a roof line over a harbour wave and a vale, with the wordmark.

function drawLogo(): string {
  const navy = '#1f3a5f';
  const teal = '#2a9d8f';
  const body = [
    `<path d="M14 62 L54 26 L94 62" fill="none" stroke="${navy}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>`,
    `<path d="M24 80 Q39 68 54 80 T84 80" fill="none" stroke="${teal}" stroke-width="7" stroke-linecap="round"/>`,
    `<path d="M24 96 Q54 82 84 96" fill="none" stroke="${navy}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`,
    text(112, 64, 'Harbour & Vale', 38, navy, 'font-weight="bold" textLength="314" lengthAdjust="spacingAndGlyphs"'),
    text(114, 96, 'ESTATE AGENTS', 18, teal, 'textLength="240" lengthAdjust="spacing"'),
  ];
  return svgDocument(440, 120, '', body.join(''));
}
