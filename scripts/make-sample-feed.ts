/**
 * npm run import:sample — writes a sample BLM feed as an agency's CRM would deliver it: one zip holding the .BLM
 * file and its photos and floorplans, for listings spread over the demo agency's branches.
 *
 *   npm run import:sample                                    25 listings, 4 photos each → docs/examples/sample-feed.zip
 *   npm run import:sample -- --count 10000 --photos 10 --out bench-data/feed-10k.zip
 *
 * Pictures are drawn once with sharp (a handful of house, room and floorplan drawings); every file in the zip is
 * still unique, because each copy carries its listing's reference in a JPEG comment, so a benchmark's content
 * hashing sees as many distinct files as a real feed. Listings are deterministic for a given index.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import yazl from 'yazl';
import { branchPlans, type BranchPlan } from '../db/seed/agency.ts';
import { createRandom, offsetPoint, type Random } from '../db/seed/random.ts';
import { blmHead, blmRecord, BLM_END, openFeedFile as openFeed } from '../app/features/import/index.server.ts';

const PHOTO_WIDTH = 960;
const PHOTO_HEIGHT = 640;
const MAX_PHOTOS = 59;

type StyleSpec = { subId: number; noun: string; beds: [number, number]; sales: number; lettings: number };
const STYLES: StyleSpec[] = [
  { subId: 4, noun: 'detached house', beds: [3, 5], sales: 600_000, lettings: 2_400 },
  { subId: 3, noun: 'semi-detached house', beds: [2, 4], sales: 420_000, lettings: 1_750 },
  { subId: 1, noun: 'terraced house', beds: [2, 3], sales: 340_000, lettings: 1_450 },
  { subId: 22, noun: 'town house', beds: [3, 4], sales: 520_000, lettings: 2_100 },
  { subId: 23, noun: 'cottage', beds: [2, 3], sales: 390_000, lettings: 1_500 },
  { subId: 28, noun: 'apartment', beds: [1, 2], sales: 260_000, lettings: 1_250 },
  { subId: 8, noun: 'flat', beds: [1, 3], sales: 230_000, lettings: 1_100 },
  { subId: 12, noun: 'bungalow', beds: [2, 3], sales: 360_000, lettings: 1_400 },
];
const STREETS = [
  'Church Road',
  'Station Road',
  'Mill Lane',
  'Victoria Street',
  'Park Avenue',
  'Orchard Close',
  'Manor Way',
  'Queen Street',
  'Beech Grove',
  'Chapel Row',
  'Abbey Gardens',
  'Priory Walk',
];
const ROOMS = [
  'Kitchen',
  'Sitting room',
  'Main bedroom',
  'Bathroom',
  'Dining room',
  'Second bedroom',
  'Garden',
  'Study',
];
const OUTSIDE = [
  'a south-facing garden',
  'a courtyard garden',
  'a garage and driveway',
  'communal gardens and allocated parking',
];
const HIGHLIGHTS = [
  'a south-facing garden',
  'off-street parking',
  'a newly fitted kitchen',
  'period features',
  'views over the park',
  'a garage',
  'a home office',
  'an en-suite shower room',
];
const BLM_COLUMNS = [
  'AGENT_REF',
  'ADDRESS_1',
  'ADDRESS_2',
  'ADDRESS_3',
  'TOWN',
  'POSTCODE1',
  'POSTCODE2',
  'FEATURE1',
  'FEATURE2',
  'FEATURE3',
  'FEATURE4',
  'FEATURE5',
  'SUMMARY',
  'DESCRIPTION',
  'BRANCH_ID',
  'STATUS_ID',
  'BEDROOMS',
  'BATHROOMS',
  'PRICE',
  'PRICE_QUALIFIER',
  'PROP_SUB_ID',
  'CREATE_DATE',
  'UPDATE_DATE',
  'DISPLAY_ADDRESS',
  'PUBLISHED_FLAG',
  'LET_DATE_AVAILABLE',
  'LET_BOND',
  'LET_TYPE_ID',
  'LET_FURN_ID',
  'LET_RENT_FREQUENCY',
  'TENURE_TYPE_ID',
  'TRANS_TYPE_ID',
  'NEW_HOME_FLAG',
  'EXACT_LATITUDE',
  'EXACT_LONGDITUDE',
  'ADMINISTRATION_FEE',
];

/** `changed`: the first N listings carry a price 5% lower, as the next day's file after some reductions would. */
export type SampleOptions = { count: number; photos: number; out: string; now?: Date; changed?: number };

type Listing = { ref: string; values: Record<string, string | number>; photoKinds: PhotoKind[]; beds: number };
type PhotoKind = { base: string; caption: string };

/** One listing, the same every time for a given index. */
function buildListing(index: number, photos: number, now: Date): Listing {
  const random = createRandom(`sample-feed/${index}`);
  const branch = branchPlans[index % branchPlans.length] as BranchPlan;
  const channel = index % 3 === 2 ? 'lettings' : 'sales';
  const style = random.pick(STYLES);
  const beds = random.int(style.beds[0], style.beds[1]);
  const number = random.int(1, 140);
  const street = random.pick(STREETS);
  const ref = `${branch.code}_${String(index + 1).padStart(5, '0')}`;
  const [outward] = branch.postcode.split(' ');
  const inward = `${random.int(1, 9)}${random.chars(2, 'ABDEFGHJLNPQRSTUWXYZ')}`;
  const point = offsetPoint(branch.location, random.int(-3000, 3000), random.int(-3000, 3000));
  const scale = channel === 'sales' ? branch.priceFactor : branch.rentFactor;
  const base = channel === 'sales' ? style.sales : style.lettings;
  const price =
    Math.round((base * scale * (0.8 + beds * 0.1) * random.float(0.85, 1.2)) / (channel === 'sales' ? 5000 : 25)) *
    (channel === 'sales' ? 5000 : 25);
  const created = new Date(now.getTime() - random.int(1, 120) * 86_400_000);
  const updated = new Date(Math.min(now.getTime(), created.getTime() + random.int(0, 20) * 86_400_000));
  const [highlightA, highlightB, highlightC] = random.sample(HIGHLIGHTS, 3);
  const isFlat = style.subId === 28 || style.subId === 8;
  const outside = isFlat ? 'communal gardens and allocated parking' : random.pick(OUTSIDE.slice(0, 3));
  const features = [
    `${beds} bedroom${beds === 1 ? '' : 's'}`,
    capitalise(highlightA ?? ''),
    capitalise(highlightB ?? ''),
    capitalise(highlightC ?? ''),
    channel === 'sales' ? 'No onward chain' : 'Available soon',
  ];
  const summary = `A ${beds}-bedroom ${style.noun} ${channel === 'sales' ? 'for sale' : 'to let'} on ${street}, ${branch.town}, with ${highlightA} and ${highlightB}.`;
  const description = [
    `<p>We are delighted to offer this ${style.noun} on <b>${street}</b>, a popular road within easy reach of ${branch.town}'s shops, schools and station.</p>`,
    `<p>The accommodation comprises an entrance hall, a sitting room, a kitchen with dining space, ${beds} bedroom${beds === 1 ? '' : 's'} and a bathroom.<br>Outside there ${outside.startsWith('communal') ? 'are' : 'is'} ${outside}.</p>`,
    `<p>${channel === 'sales' ? 'Viewing is strictly by appointment with our ' + branch.name + ' office.' : 'The landlord is happy to consider professional tenants.'}</p>`,
  ].join('\n');
  const photoKinds: PhotoKind[] = [
    { base: `exterior-${random.int(0, EXTERIORS.length - 1)}`, caption: isFlat ? 'Exterior' : 'Front elevation' },
  ];
  for (let photo = 1; photo < photos; photo += 1) {
    const room = ROOMS[(photo - 1 + index) % ROOMS.length] as string;
    photoKinds.push({ base: `interior-${room}`, caption: room });
  }
  const status =
    channel === 'sales'
      ? random.weighted([
          ['0', 0.8],
          ['3', 0.1],
          ['1', 0.1],
        ] as const)
      : random.weighted([
          ['0', 0.85],
          ['5', 0.15],
        ] as const);
  const values: Record<string, string | number> = {
    AGENT_REF: ref,
    ADDRESS_1: number,
    ADDRESS_2: street,
    ADDRESS_3: '',
    TOWN: branch.town,
    POSTCODE1: outward ?? '',
    POSTCODE2: inward,
    FEATURE1: features[0] ?? '',
    FEATURE2: features[1] ?? '',
    FEATURE3: features[2] ?? '',
    FEATURE4: features[3] ?? '',
    FEATURE5: features[4] ?? '',
    SUMMARY: summary,
    DESCRIPTION: description,
    BRANCH_ID: branch.code,
    STATUS_ID: status,
    BEDROOMS: beds,
    BATHROOMS: Math.max(1, beds - 1),
    PRICE: price,
    PRICE_QUALIFIER: channel === 'sales' ? random.pick(['0', '0', '2', '4', '5']) : '0',
    PROP_SUB_ID: style.subId,
    CREATE_DATE: blmDate(created),
    UPDATE_DATE: blmDate(updated),
    DISPLAY_ADDRESS: `${street}, ${branch.town}`,
    PUBLISHED_FLAG: 1,
    LET_DATE_AVAILABLE: channel === 'lettings' ? blmDate(new Date(now.getTime() + random.int(7, 60) * 86_400_000)) : '',
    LET_BOND: channel === 'lettings' ? Math.floor((price * 12) / 52) * 5 : '',
    LET_TYPE_ID: channel === 'lettings' ? 1 : '',
    LET_FURN_ID: channel === 'lettings' ? random.pick(['0', '1', '2', '4']) : '',
    LET_RENT_FREQUENCY: channel === 'lettings' ? 1 : '',
    TENURE_TYPE_ID: channel === 'sales' ? (isFlat ? (branch.country === 'scotland' ? 1 : 2) : 1) : '',
    TRANS_TYPE_ID: channel === 'sales' ? 1 : 2,
    NEW_HOME_FLAG: random.chance(0.1) && channel === 'sales' ? 'Y' : 'N',
    EXACT_LATITUDE: point.lat.toFixed(6),
    EXACT_LONGDITUDE: point.lng.toFixed(6),
    ADMINISTRATION_FEE:
      channel === 'lettings' ? 'Holding deposit: one week&#39;s rent. No other fees are charged to tenants.' : '',
  };
  photoKinds.forEach((kind, photo) => {
    values[`MEDIA_IMAGE_${pad(photo)}`] = `${ref}_IMG_${pad(photo)}.jpg`;
    values[`MEDIA_IMAGE_TEXT_${pad(photo)}`] = kind.caption;
  });
  values.MEDIA_FLOOR_PLAN_00 = `${ref}_FLP_00.jpg`;
  values.MEDIA_FLOOR_PLAN_TEXT_00 = 'Floorplan';
  return { ref, values, photoKinds, beds };
}

export async function writeSampleFeed(
  options: SampleOptions,
): Promise<{ listings: number; files: number; bytes: number }> {
  const now = options.now ?? new Date();
  const photos = Math.max(1, Math.min(MAX_PHOTOS, options.photos));
  const columns = [...BLM_COLUMNS];
  for (let photo = 0; photo < photos; photo += 1)
    columns.push(`MEDIA_IMAGE_${pad(photo)}`, `MEDIA_IMAGE_TEXT_${pad(photo)}`);
  columns.push('MEDIA_FLOOR_PLAN_00', 'MEDIA_FLOOR_PLAN_TEXT_00');
  const pictures = await drawPictures();

  const zip = new yazl.ZipFile();
  const head = blmHead({ columns, propertyCount: options.count, generatedDate: blmDate(now) });
  function* blmLines(): Generator<string> {
    yield head;
    for (let index = 0; index < options.count; index += 1) {
      const { values } = buildListing(index, photos, now);
      if (index < (options.changed ?? 0)) values.PRICE = Math.round(Number(values.PRICE) * 0.95);
      yield blmRecord(columns, values);
    }
    yield BLM_END;
  }
  zip.addReadStreamLazy('sample-feed.blm', { mtime: now }, (callback) => callback(null, Readable.from(blmLines())));
  let files = 1;
  // Media are added lazily, so memory holds one picture per entry being written, not the whole zip.
  for (let index = 0; index < options.count; index += 1) {
    const ref = buildListing(index, photos, now).ref;
    for (let photo = 0; photo < photos; photo += 1) {
      const name = `${ref}_IMG_${pad(photo)}.jpg`;
      zip.addReadStreamLazy(name, { compress: false, mtime: now }, (callback) => {
        const listing = buildListing(index, photos, now);
        const base = pictures.get(listing.photoKinds[photo]?.base ?? '') as Buffer;
        callback(null, Readable.from([withComment(base, name)]));
      });
      files += 1;
    }
    const plan = `${ref}_FLP_00.jpg`;
    zip.addReadStreamLazy(plan, { compress: false, mtime: now }, (callback) => {
      const listing = buildListing(index, photos, now);
      callback(
        null,
        Readable.from([
          withComment(pictures.get(`floorplan-${Math.min(4, Math.max(1, listing.beds))}`) as Buffer, plan),
        ]),
      );
    });
    files += 1;
  }
  zip.end();
  await mkdir(path.dirname(options.out), { recursive: true });
  const output = createWriteStream(options.out);
  let bytes = 0;
  zip.outputStream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  await pipeline(zip.outputStream, output);
  return { listings: options.count, files, bytes };
}

/** A JPEG comment (COM segment) after the start-of-image marker: the picture is unchanged, the bytes are unique. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const comment = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

// ---------------------------------------------------------------------------------------------------------
// Pictures

const EXTERIORS = [
  { wall: '#b5643c', roof: '#4a3b36', sky: '#9cc9ea' },
  { wall: '#e3d3a8', roof: '#5b5e66', sky: '#b9d8f0' },
  { wall: '#f2efe6', roof: '#3f4650', sky: '#a7cbe8' },
  { wall: '#c98f5b', roof: '#6b4a3a', sky: '#c4def2' },
  { wall: '#9a9c98', roof: '#2f3338', sky: '#aecde6' },
  { wall: '#d9b98c', roof: '#7a5140', sky: '#bcd9ee' },
];
const INTERIOR_COLOURS: Record<string, { wall: string; floor: string }> = {
  Kitchen: { wall: '#e8efe9', floor: '#b9a48a' },
  'Sitting room': { wall: '#efe6d8', floor: '#8d6e52' },
  'Main bedroom': { wall: '#e6e9f2', floor: '#a58e74' },
  Bathroom: { wall: '#f4f6f6', floor: '#c9ced1' },
  'Dining room': { wall: '#f1e4dc', floor: '#7f5f45' },
  'Second bedroom': { wall: '#eef0e4', floor: '#ab9476' },
  Garden: { wall: '#bfe0f5', floor: '#6fa55a' },
  Study: { wall: '#e4e0d6', floor: '#6e5644' },
};

async function drawPictures(): Promise<Map<string, Buffer>> {
  const pictures = new Map<string, Buffer>();
  const jobs: Array<[string, string]> = [];
  EXTERIORS.forEach((colours, index) =>
    jobs.push([`exterior-${index}`, exteriorSvg(colours, createRandom(`sample-feed/exterior/${index}`))]),
  );
  for (const room of ROOMS) jobs.push([`interior-${room}`, interiorSvg(room)]);
  for (let beds = 1; beds <= 4; beds += 1) jobs.push([`floorplan-${beds}`, floorplanSvg(beds)]);
  for (const [name, svg] of jobs) {
    pictures.set(
      name,
      await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg({ quality: 70, mozjpeg: true }).toBuffer(),
    );
  }
  return pictures;
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">${body}</svg>`;
}

function exteriorSvg(colours: (typeof EXTERIORS)[number], random: Random): string {
  const width = random.int(420, 560);
  const left = (PHOTO_WIDTH - width) / 2;
  const top = 250;
  const windows: string[] = [];
  for (const x of [left + 50, left + width - 130]) {
    for (const y of [top + 40, top + 170])
      windows.push(`<rect x="${x}" y="${y}" width="80" height="90" fill="#dfeaf2" stroke="#ffffff" stroke-width="8"/>`);
  }
  return svg(
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="${colours.sky}"/>` +
      `<rect y="520" width="${PHOTO_WIDTH}" height="120" fill="#6f9f56"/>` +
      `<polygon points="${left - 30},${top} ${PHOTO_WIDTH / 2},${top - 140} ${left + width + 30},${top}" fill="${colours.roof}"/>` +
      `<rect x="${left}" y="${top}" width="${width}" height="${520 - top}" fill="${colours.wall}"/>` +
      windows.join('') +
      `<rect x="${PHOTO_WIDTH / 2 - 40}" y="${520 - 150}" width="80" height="150" fill="#2f4b3a"/>` +
      `<ellipse cx="${left - 60}" cy="500" rx="70" ry="60" fill="#4f7f3c"/><ellipse cx="${left + width + 70}" cy="495" rx="80" ry="70" fill="#5a8a44"/>`,
  );
}

function interiorSvg(room: string): string {
  const colours = INTERIOR_COLOURS[room] ?? { wall: '#eeeeee', floor: '#999999' };
  const furniture: Record<string, string> = {
    Kitchen:
      '<rect x="80" y="330" width="800" height="140" fill="#ffffff" stroke="#9aa" stroke-width="4"/><rect x="80" y="150" width="300" height="110" fill="#ffffff" stroke="#9aa" stroke-width="4"/>',
    'Sitting room':
      '<rect x="220" y="360" width="520" height="120" rx="30" fill="#5d7a8c"/><rect x="220" y="300" width="520" height="80" rx="30" fill="#6d8a9c"/>',
    'Main bedroom':
      '<rect x="260" y="330" width="440" height="170" rx="14" fill="#ffffff" stroke="#ccd" stroke-width="6"/><rect x="260" y="280" width="440" height="60" fill="#8b6b4a"/>',
    Bathroom:
      '<rect x="120" y="360" width="420" height="120" rx="50" fill="#ffffff" stroke="#bcc" stroke-width="6"/><rect x="640" y="300" width="140" height="180" fill="#ffffff" stroke="#bcc" stroke-width="6"/>',
    'Dining room':
      '<rect x="260" y="360" width="440" height="30" fill="#7a5a3c"/><rect x="280" y="390" width="20" height="100" fill="#7a5a3c"/><rect x="660" y="390" width="20" height="100" fill="#7a5a3c"/>',
    'Second bedroom':
      '<rect x="300" y="350" width="360" height="150" rx="12" fill="#ffffff" stroke="#ccd" stroke-width="6"/>',
    Garden:
      '<ellipse cx="200" cy="420" rx="140" ry="110" fill="#4f7f3c"/><ellipse cx="760" cy="400" rx="160" ry="130" fill="#5a8a44"/><rect x="400" y="470" width="160" height="40" fill="#b9a48a"/>',
    Study:
      '<rect x="300" y="350" width="360" height="24" fill="#6b4f36"/><rect x="420" y="250" width="140" height="90" fill="#2d3a45"/>',
  };
  return svg(
    `<rect width="${PHOTO_WIDTH}" height="500" fill="${colours.wall}"/><rect y="500" width="${PHOTO_WIDTH}" height="140" fill="${colours.floor}"/>` +
      (room === 'Garden'
        ? ''
        : '<rect x="600" y="80" width="220" height="180" fill="#cfe3f1" stroke="#ffffff" stroke-width="10"/>') +
      (furniture[room] ?? ''),
  );
}

function floorplanSvg(beds: number): string {
  const font = 'font-family="\'DejaVu Sans\', Arial, sans-serif" font-size="20" fill="#333333" text-anchor="middle"';
  const rooms: Array<[number, number, number, number, string]> = [
    [80, 80, 400, 240, 'Sitting room'],
    [480, 80, 400, 240, 'Kitchen / dining'],
  ];
  const width = 800 / beds;
  for (let bed = 0; bed < beds; bed += 1)
    rooms.push([80 + bed * width, 320, width, 160, bed === 0 ? 'Bedroom 1' : `Bedroom ${bed + 1}`]);
  rooms.push([80, 480, 300, 80, 'Bathroom'], [380, 480, 500, 80, 'Hall']);
  return svg(
    `<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="#ffffff"/>` +
      rooms
        .map(
          ([x, y, w, h, label]) =>
            `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#ffffff" stroke="#222222" stroke-width="6"/><text x="${x + w / 2}" y="${y + h / 2 + 7}" ${font}>${label}</text>`,
        )
        .join('') +
      `<text x="${PHOTO_WIDTH / 2}" y="40" ${font}>Ground floor — for illustration only</text>`,
  );
}

// ---------------------------------------------------------------------------------------------------------

function pad(index: number): string {
  return String(index).padStart(2, '0');
}

function blmDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function readOption(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const count = Number(readOption(args, '--count') ?? 25);
  const photos = Number(readOption(args, '--photos') ?? 4);
  const out = path.resolve(readOption(args, '--out') ?? 'docs/examples/sample-feed.zip');
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(photos) || photos < 1) {
    console.error('Usage: npm run import:sample -- [--count N] [--photos K] [--out file.zip]');
    process.exit(2);
  }
  const started = Date.now();
  const result = await writeSampleFeed({ count, photos, out });
  // Read the feed back as the import will, so a broken sample never ships.
  const feed = await openFeed(out);
  let rejected = 0;
  let warnings = 0;
  for await (const record of feed.records) {
    if (!record.listing) rejected += 1;
    warnings += record.warnings.length;
  }
  await feed.close();
  console.log(
    `${path.relative(process.cwd(), out)}: ${result.listings} listings, ${result.files} files, ${(result.bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s; read back: ${rejected} rejected, ${warnings} warnings`,
  );
  if (rejected > 0) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
