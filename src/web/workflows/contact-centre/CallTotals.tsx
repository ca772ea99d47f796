import { Box, Chip, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { romeToday } from '../../../domain/calendar/index.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/apiError.ts';
import { messages } from '../../i18n/messages.ts';
import { CallTotalsFrame, TOTALS_HEIGHT } from './CallTotalsFrame.tsx';

const m = messages.contactCentre;
const count = (v: number | null) => displayFormats.integer(v);

function Figure({ label, value, colour }: { label: string; value: string | number; colour?: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ color: colour, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The call report's day in figures (inbound calls answered and missed, those missed while the office was closed,
 * outbound, average wait) and per hour; a public holiday or company closure is named.
 */
export default function CallTotals({ filters }: { filters: Record<string, string> }) {
  const callDate = filters.callDate || romeToday();
  const totals = useQuery({
    queryKey: ['list', 'reportCall', 'totals', callDate],
    queryFn: () => unwrap(api.GET('/api/report-calls/totals', { params: { query: { callDate } } })),
  });
  const data = totals.data?.data;
  if (!data) return <CallTotalsFrame />;
  const hours = data.hours;
  return (
    <CallTotalsFrame>
      <Stack direction="row" spacing={4} sx={{ alignItems: 'center', minHeight: TOTALS_HEIGHT }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {m.totalsTitle}
            </Typography>
            {data.closure && (
              <Chip size="small" label={m.closedDay(data.closure)} sx={{ bgcolor: '#ef6c00', color: '#000' }} />
            )}
          </Stack>
          <Stack direction="row" spacing={3}>
            <Figure label={m.answered} value={count(data.answered)} colour="#2e7d32" />
            <Figure label={m.missed} value={count(data.missed)} colour={data.missed ? '#d32f2f' : undefined} />
            <Figure label={m.missedWhileClosed} value={count(data.missedWhileClosed)} />
            <Figure label={m.outbound} value={count(data.outbound)} />
            <Figure label={m.averageWait} value={displayFormats.duration(data.averageWaitSeconds)} />
          </Stack>
        </Stack>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {hours.length === 0 ? (
            <Typography color="text.secondary">{m.noCalls}</Typography>
          ) : (
            <BarChart
              height={TOTALS_HEIGHT}
              skipAnimation
              // Room above for the top tick's label: the chart drops a label that does not fit.
              margin={{ top: 18, bottom: 4, left: 4, right: 8 }}
              xAxis={[
                {
                  data: hours.map((h) => `${String(h.hour).padStart(2, '0')}:00`),
                  scaleType: 'band',
                  label: m.hourAxis,
                },
              ]}
              // Calls are counted whole: no half call on the axis, and Italian digits (1.000).
              yAxis={[{ tickMinStep: 1, valueFormatter: count }]}
              series={[
                {
                  data: hours.map((h) => h.answered),
                  label: m.answered,
                  color: '#2e7d32',
                  stack: 'calls',
                  valueFormatter: count,
                },
                {
                  data: hours.map((h) => h.missed),
                  label: m.missed,
                  color: '#d32f2f',
                  stack: 'calls',
                  valueFormatter: count,
                },
              ]}
            />
          )}
        </Box>
      </Stack>
    </CallTotalsFrame>
  );
}
