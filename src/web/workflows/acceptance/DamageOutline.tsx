import { Box, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  MARK_COLOURS,
  normalisePoint,
  outlineView,
  placeMarks,
  VIEWS,
  type SagomaMezzo,
  type ShownMark,
  type VistaSagoma,
} from '../../../domain/acceptance/index.ts';
import { VistaSagomaOptions } from '../../../../generated/enums.ts';
import { messages } from '../../i18n/messages.ts';

const m = messages.damage;
export const viewName = (v: VistaSagoma) => VistaSagomaOptions.find((o) => o.value === v)?.label ?? v;

function OutlineViewBox({
  sagoma,
  vista,
  marks,
  onTap,
  onOpen,
}: {
  sagoma: SagomaMezzo;
  vista: VistaSagoma;
  marks: readonly ShownMark[];
  onTap?: (vista: VistaSagoma, x: number, y: number) => void;
  onOpen?: (mark: ShownMark) => void;
}) {
  const view = outlineView(sagoma, vista);
  const tap = (ev: MouseEvent<SVGSVGElement>) => {
    if (!onTap) return;
    const p = normalisePoint(ev.clientX, ev.clientY, ev.currentTarget.getBoundingClientRect());
    onTap(vista, p.x, p.y);
  };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, bgcolor: 'background.paper' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {viewName(vista)}
      </Typography>
      <svg
        viewBox={`0 0 ${view.width} ${view.height}`}
        role={onTap ? 'button' : 'img'}
        aria-label={onTap ? m.viewLabel(viewName(vista)) : viewName(vista)}
        data-vista={vista}
        onClick={tap}
        style={{
          width: '100%',
          height: 'auto',
          display: 'block',
          cursor: onTap ? 'crosshair' : 'default',
          touchAction: 'manipulation',
        }}
      >
        <g
          fill="none"
          stroke="#37474f"
          strokeWidth={2}
          strokeLinejoin="round"
          transform={view.mirror ? `translate(${view.width} 0) scale(-1 1)` : undefined}
        >
          {view.paths.map((d) => (
            <path key={d} d={d} />
          ))}
          {view.circles.map(([cx, cy, r]) => (
            <circle key={`${cx}-${cy}-${r}`} cx={cx} cy={cy} r={r} />
          ))}
        </g>
        {placeMarks(
          view,
          marks.filter((mk) => mk.vista === vista),
        ).map(({ mark: mk, cx, cy, shape, r, labelX, labelY, badge }) => {
          const colour = MARK_COLOURS[mk.state];
          const own = mk.state === 'new' && onOpen;
          const dash = mk.state === 'repaired' ? '3 2' : undefined;
          return (
            <g
              key={mk.key}
              data-mark={mk.state}
              data-shape={shape}
              // Earlier marks let a tap through: a new mark may go right over one.
              style={{ pointerEvents: own ? 'auto' : 'none', cursor: own ? 'pointer' : undefined }}
              onClick={
                own
                  ? (ev) => {
                      ev.stopPropagation();
                      onOpen(mk);
                    }
                  : undefined
              }
            >
              {shape === 'disc' ? (
                <circle cx={cx} cy={cy} r={r} fill={colour} fillOpacity={0.85} stroke={colour} strokeDasharray={dash} />
              ) : (
                <circle cx={cx} cy={cy} r={r} fill="none" stroke={colour} strokeWidth={3} strokeDasharray={dash} />
              )}
              {badge && <rect {...badge} rx={3} fill={colour} />}
              <text x={labelX} y={labelY} fontSize={12} fontWeight="bold" textAnchor="middle" fill="#ffffff">
                {mk.label}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

/**
 * The machine's outline, every view at once (sides above, top, front and back below): a tap places a mark at that
 * point as a fraction of the view, so it lands in the same place on any screen and in the PDF.
 */
export function DamageOutline(props: {
  sagoma: SagomaMezzo;
  marks: readonly ShownMark[];
  onTap?: (vista: VistaSagoma, x: number, y: number) => void;
  onOpen?: (mark: ShownMark) => void;
}) {
  const [left, right, top, front, back] = VIEWS as [VistaSagoma, VistaSagoma, VistaSagoma, VistaSagoma, VistaSagoma];
  const one = (v: VistaSagoma) => <OutlineViewBox key={v} vista={v} {...props} />;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        {one(left)}
        {one(right)}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr 1fr', gap: 1.5, alignItems: 'start' }}>
        {one(top)}
        {one(front)}
        {one(back)}
      </Box>
    </Box>
  );
}

/** The colours' meaning, under the outline. */
export function DamageLegend() {
  const items: [string, string][] = [
    [MARK_COLOURS.new, m.legendNew],
    [MARK_COLOURS.earlier, m.legendEarlier],
    [MARK_COLOURS.repaired, m.legendRepaired],
  ];
  return (
    <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
      {items.map(([colour, text]) => (
        <Box key={text} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: colour }} />
          <Typography variant="caption">{text}</Typography>
        </Box>
      ))}
    </Box>
  );
}
