import { deflateSync } from 'node:zlib';

/**
 * The demo's pictures, drawn at start (no binary file in the repository, no third-party artwork): machine
 * silhouettes for the resource groups and their families, photos of a machine for the check-ins, a
 * signature. A few filled shapes on an RGB raster, written as a PNG.
 */

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

const SKY: Rgb = [232, 240, 248];
const GROUND: Rgb = [196, 200, 204];
const BODY: Rgb = [245, 166, 35];
const DARK: Rgb = [55, 60, 66];
const STEEL: Rgb = [120, 128, 136];

class Raster {
  readonly pixels: Buffer;
  readonly width: number;
  readonly height: number;
  constructor(width: number, height: number, background: Rgb) {
    this.width = width;
    this.height = height;
    this.pixels = Buffer.alloc(width * height * 3);
    this.fill(() => true, background);
  }

  private fill(inside: (x: number, y: number) => boolean, colour: Rgb, box = [0, 0, this.width, this.height]) {
    const [x0, y0, x1, y1] = box.map(Math.round) as [number, number, number, number];
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(this.width, x1); x++)
        if (inside(x + 0.5, y + 0.5)) this.pixels.set(colour, (y * this.width + x) * 3);
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb) {
    this.fill(() => true, colour, [x, y, x + w, y + h]);
  }

  circle(cx: number, cy: number, r: number, colour: Rgb) {
    this.fill((x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r, colour, [cx - r, cy - r, cx + r + 1, cy + r + 1]);
  }

  /** A straight stroke of the given width between two points, round at the ends. */
  line([ax, ay]: Point, [bx, by]: Point, width: number, colour: Rgb) {
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1;
    const r = width / 2;
    this.fill(
      (x, y) => {
        const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
        return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= r * r;
      },
      colour,
      [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r + 1, Math.max(ay, by) + r + 1],
    );
  }

  polygon(points: readonly Point[], colour: Rgb) {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const inside = (x: number, y: number) => {
      let odd = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i]!;
        const [xj, yj] = points[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
      }
      return odd;
    };
    this.fill(inside, colour, [Math.min(...xs), Math.min(...ys), Math.max(...xs) + 1, Math.max(...ys) + 1]);
  }

  png(): Buffer {
    const rows = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++)
      this.pixels.copy(rows, y * (this.width * 3 + 1) + 1, y * this.width * 3, (y + 1) * this.width * 3);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), 8 + data.length);
  return out;
}

const W = 480;
const H = 320;
const GROUND_Y = 268;

function scene(colour: Rgb = SKY): Raster {
  const r = new Raster(W, H, colour);
  r.rect(0, GROUND_Y, W, H - GROUND_Y, GROUND);
  return r;
}

function wheels(r: Raster, xs: number[], radius: number) {
  for (const x of xs) {
    r.circle(x, GROUND_Y - radius, radius, DARK);
    r.circle(x, GROUND_Y - radius, radius * 0.45, STEEL);
  }
}

/** A scissor lift: chassis, the crossed arms, the basket with its rail. */
function scissorLift(r: Raster) {
  r.rect(130, 214, 220, 30, BODY);
  wheels(r, [165, 315], 22);
  const levels = [214, 168, 122, 76];
  for (let i = 0; i + 1 < levels.length; i++) {
    r.line([150, levels[i]!], [330, levels[i + 1]!], 9, DARK);
    r.line([330, levels[i]!], [150, levels[i + 1]!], 9, DARK);
  }
  r.rect(120, 60, 240, 18, BODY);
  for (const x of [124, 240, 352]) r.rect(x, 24, 6, 38, DARK);
  r.rect(120, 22, 240, 6, DARK);
}

/** An articulated boom lift: turret on a chassis, two boom sections, the basket. */
function boomLift(r: Raster) {
  r.rect(90, 214, 230, 30, BODY);
  wheels(r, [125, 285], 24);
  r.rect(150, 180, 110, 36, BODY);
  r.rect(236, 150, 22, 34, DARK);
  r.line([200, 190], [330, 110], 16, DARK);
  r.line([330, 110], [360, 52], 14, STEEL);
  r.rect(348, 40, 70, 22, BODY);
  r.rect(348, 14, 70, 5, DARK);
  for (const x of [350, 412]) r.rect(x, 16, 5, 26, DARK);
}

/** A telescopic handler: cab, boom rising forward, forks. */
function telehandler(r: Raster) {
  r.rect(80, 196, 270, 46, BODY);
  wheels(r, [130, 300], 30);
  r.polygon(
    [
      [200, 196],
      [200, 120],
      [250, 120],
      [262, 196],
    ],
    DARK,
  );
  r.rect(208, 128, 34, 34, SKY);
  r.line([110, 190], [380, 110], 22, BODY);
  r.line([350, 118], [400, 104], 14, STEEL);
  r.rect(398, 90, 8, 70, DARK);
  r.rect(398, 154, 58, 7, DARK);
}

/** A compact excavator: tracks, house, cab, the arm and the bucket. */
function excavator(r: Raster) {
  r.rect(110, 222, 200, 30, DARK);
  for (const x of [125, 295]) r.circle(x, 237, 15, DARK);
  r.rect(120, 170, 170, 52, BODY);
  r.rect(130, 112, 70, 60, BODY);
  r.rect(140, 122, 50, 38, SKY);
  r.line([280, 180], [350, 96], 16, BODY);
  r.line([350, 96], [400, 190], 13, BODY);
  r.polygon(
    [
      [384, 184],
      [424, 184],
      [416, 222],
      [392, 222],
    ],
    DARK,
  );
}

const MACHINES = { scissorLift, boomLift, telehandler, excavator } as const;
export type Machine = keyof typeof MACHINES;

/** The silhouette of a machine, for a resource group's or family's card. */
export function machinePicture(machine: Machine): Buffer {
  const r = scene();
  MACHINES[machine](r);
  return r.png();
}

/**
 * A check-in "photo": the machine from one side of four, on a yard-coloured background, with a dent
 * marked on the side that has one.
 */
export function acceptancePhoto(machine: Machine, side: number, damaged = false): Buffer {
  const tints: Rgb[] = [
    [214, 222, 230],
    [226, 230, 214],
    [236, 226, 214],
    [218, 214, 232],
  ];
  const r = scene(tints[side % tints.length]);
  MACHINES[machine](r);
  if (damaged) r.circle(230, 226, 10, [200, 40, 40]);
  return r.png();
}

/** A customer's signature as the tablet's pad gives it: dark strokes on white. */
export function signaturePicture(seed: number): Buffer {
  const r = new Raster(360, 120, [255, 255, 255]);
  const ink: Rgb = [20, 30, 80];
  let [x, y] = [24, 70];
  for (let i = 0; i < 14; i++) {
    const nx = x + 18 + ((seed * (i + 3)) % 9);
    const ny = 40 + ((seed * 7 + i * 29) % 50);
    r.line([x, y], [nx, ny], 3, ink);
    [x, y] = [nx, ny];
  }
  r.line([30, 96], [x, 92], 2, ink);
  return r.png();
}
