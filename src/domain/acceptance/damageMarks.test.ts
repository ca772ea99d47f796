import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marksPayload, marksToShow, normalisePoint, readDamageMarks, type DraftMark } from './damageMarks.ts';
import { outlineSvg, outlineView, VIEWS } from './outlines.ts';

const mark = (patch: Partial<DraftMark> = {}): DraftMark => ({
  id: 'a',
  vista: 'sinistra',
  x: 0.5,
  y: 0.5,
  tipo: 'graffio',
  gravita: 1,
  foto: ['h1'],
  ...patch,
});

describe('normalisePoint: a tap as a fraction of the view', () => {
  it('is the same point on any size of the drawing', () => {
    expect(normalisePoint(150, 80, { left: 100, top: 40, width: 200, height: 100 })).toEqual({ x: 0.25, y: 0.4 });
    expect(normalisePoint(400, 200, { left: 200, top: 80, width: 800, height: 400 })).toEqual({ x: 0.25, y: 0.3 });
  });

  it('always gives coordinates within 0..1, a tap outside kept on the edge', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: 1, max: 3000, noNaN: true }),
        fc.double({ min: 1, max: 3000, noNaN: true }),
        (cx, cy, width, height) => {
          const p = normalisePoint(cx, cy, { left: 10, top: 20, width, height });
          return p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1;
        },
      ),
    );
    expect(normalisePoint(-40, 900, { left: 0, top: 0, width: 100, height: 100 })).toEqual({ x: 0, y: 1 });
  });
});

describe('marksToShow: earlier damage in black, repaired in grey, new in red', () => {
  it('numbers the earlier marks P1… and the new ones 1…', () => {
    const shown = marksToShow(
      [
        {
          accettazioneId: 3,
          dataAccettazione: '2025-09-01',
          indice: 0,
          vista: 'alto',
          x: 0.1,
          y: 0.2,
          tipo: 'graffio',
          gravita: 1,
        },
        {
          accettazioneId: 4,
          dataAccettazione: '2025-09-10',
          indice: 1,
          vista: 'retro',
          x: 0.3,
          y: 0.3,
          tipo: 'rottura',
          gravita: 3,
          riparatoIl: '2025-09-20',
        },
      ],
      [mark(), mark({ vista: 'alto', x: 0.1, y: 0.2 })],
    );
    expect(shown.map((s) => [s.label, s.state, s.vista])).toEqual([
      ['P1', 'earlier', 'alto'],
      ['P2', 'repaired', 'retro'],
      ['1', 'new', 'sinistra'],
      ['2', 'new', 'alto'],
    ]);
  });
});

describe('marksPayload: the marks name their photos by position', () => {
  it('appends the marks’ photos after the general ones, once each', () => {
    const { photos, danniSegnati } = marksPayload(
      ['g1', 'g2'],
      [mark({ foto: ['m1', 'm2'], note: '  porta  ' }), mark({ foto: ['m2', 'g1'] })],
    );
    expect(photos).toEqual(['g1', 'g2', 'm1', 'm2']);
    expect(danniSegnati).toEqual([
      { vista: 'sinistra', x: 0.5, y: 0.5, tipo: 'graffio', gravita: 1, note: 'porta', foto: [2, 3] },
      { vista: 'sinistra', x: 0.5, y: 0.5, tipo: 'graffio', gravita: 1, foto: [3, 0] },
    ]);
  });
});

describe('readDamageMarks: what the server accepts', () => {
  const ok = { vista: 'fronte', x: 0, y: 1, tipo: 'parte_mancante', gravita: 2, foto: [0] };
  it('accepts marks on the views, types and severities of the lists, with their photos', () => {
    expect(readDamageMarks(JSON.stringify([ok]), 1)).toEqual({ marks: [ok] });
    expect(readDamageMarks(undefined, 0)).toEqual({ marks: [] });
  });

  it.each([
    [{ ...ok, x: 1.2 }, 'danniSegnati.0.x', 'Danno 1: la posizione deve essere sulla sagoma (coordinate da 0 a 1)'],
    [{ ...ok, y: -0.1 }, 'danniSegnati.0.y', 'Danno 1: la posizione deve essere sulla sagoma (coordinate da 0 a 1)'],
    [
      { ...ok, vista: 'sotto' },
      'danniSegnati.0.vista',
      'Danno 1: la vista deve essere una di alto, sinistra, destra, fronte, retro',
    ],
    [{ ...ok, tipo: 'bruciatura' }, 'danniSegnati.0.tipo', expect.stringContaining('Danno 1: scegliere il tipo')],
    [{ ...ok, gravita: 4 }, 'danniSegnati.0.gravita', 'Danno 1: la gravità va da 1 a 3'],
    [{ ...ok, foto: [] }, 'danniSegnati.0.foto', 'Danno 1: scattare almeno una foto del danno'],
    [
      { ...ok, foto: [1] },
      'danniSegnati.0.foto',
      'Danno 1: le sue foto devono essere tra le foto di questa accettazione',
    ],
  ])('refuses %j naming the field', (bad, field, message) => {
    expect(readDamageMarks(JSON.stringify([bad]), 1)).toEqual({ errors: [{ field, message }] });
  });

  it('refuses what is not a list of marks', () => {
    expect(readDamageMarks('{', 1)).toEqual({
      errors: [{ field: 'danniSegnati', message: 'I danni segnati non sono leggibili: rifare la segnalazione' }],
    });
    expect(readDamageMarks(JSON.stringify(Array(31).fill(ok)), 1)).toMatchObject({
      errors: [{ field: 'danniSegnati' }],
    });
  });
});

describe('outlines', () => {
  it('has every view of every family, and draws a mark where it is', () => {
    for (const sagoma of ['furgone', 'piattaforma', 'movimento_terra'] as const)
      for (const vista of VIEWS) expect(outlineView(sagoma, vista).paths.length).toBeGreaterThan(2);
    const svg = outlineSvg('furgone', 'fronte', marksToShow([], [mark({ vista: 'fronte', x: 0.25, y: 0.5 })]));
    expect(svg).toContain('<circle cx="50" cy="100" r="15" fill="#d32f2f"');
    expect(outlineSvg('furgone', 'alto', marksToShow([], [mark()]))).not.toContain('#d32f2f');
    expect(outlineSvg('furgone', 'destra', [])).toContain('scale(-1 1)');
  });

  it('keeps an earlier mark visible under a new one: a black ring around it, P1 on a badge beside, not under the 1', () => {
    const earlier = {
      accettazioneId: 3,
      dataAccettazione: '2025-09-01',
      indice: 0,
      vista: 'sinistra' as const,
      x: 0.5,
      y: 0.55,
      tipo: 'graffio' as const,
      gravita: 1 as const,
    };
    const svg = outlineSvg('furgone', 'sinistra', marksToShow([earlier], [mark({ x: 0.5, y: 0.55 })]));
    expect(svg).toContain('<circle cx="200" cy="110" r="21" fill="none" stroke="#000000" stroke-width="3"/>');
    expect(svg).toContain('<circle cx="200" cy="110" r="15" fill="#d32f2f"');
    const p1 = /<text x="([\d.]+)" y="([\d.]+)"[^>]*>P1<\/text>/.exec(svg);
    expect(p1).not.toBeNull();
    expect(Math.hypot(Number(p1?.[1]) - 200, Number(p1?.[2]) - 110)).toBeGreaterThan(21);
  });
});
