import { Box, Chip, CircularProgress, Typography } from '@mui/material';
import FullCalendar from '@fullcalendar/react';
import interactionPlugin from '@fullcalendar/react/interaction';
import { calendarDensity, calendarItalian } from '../../ui/calendarItalian.ts';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import {
  defaultPlanningEnd,
  EVENT_COLOURS,
  FIRST_SLOT_HOUR,
  LAST_SLOT_END_HOUR,
  negotiationEvents,
  type CalendarNegotiation,
  type NegotiationEventKind,
} from '../../../domain/calendar/index.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { RecordDialog } from '../../resources/RecordDialog.tsx';
import { calendarEventText } from '../../ui/calendarEventText.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { negotiationPath } from './pages.ts';
import { negotiationMessages } from './negotiationMessages.ts';

const m = negotiationMessages.calendar;
const hour = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
const KINDS = Object.keys(EVENT_COLOURS) as NegotiationEventKind[];

/**
 * /trattativeCp/calendarioTrattative: every negotiation visible to the user as events of its insertion (blue),
 * callback (orange) and visit-reschedule (green) dates, loaded for the days on screen only. A click on an event
 * opens the negotiation; a click on a free slot plans an activity of one hour.
 */
export function NegotiationCalendar() {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [planning, setPlanning] = useState<Row | null>(null);
  const planningDef = useQuery({
    queryKey: ['definition', 'planning'],
    queryFn: () => resourceIndex.planning.load(),
    staleTime: Infinity,
  });
  const negotiations = useQuery({
    queryKey: ['list', 'trattativaCp', 'calendar', range],
    enabled: !!range,
    // The negotiations with a calendar date in the days on screen: one bounded page, more than a team handles in a month.
    queryFn: async () =>
      range
        ? ((
            await unwrap(
              api.GET('/api/trattative_cp', {
                params: { query: { dataDal: range.from, dataAl: range.to, page: 1, rowsPerPage: 1000 } },
              }),
            )
          ).data as CalendarNegotiation[])
        : [],
  });
  const events = useMemo(
    () =>
      range && negotiations.data
        ? negotiationEvents(negotiations.data, range).map(({ backgroundColor, textColor, ...e }) => ({
            ...e,
            // FullCalendar 7 names the colours color and contrastColor.
            color: backgroundColor,
            contrastColor: textColor,
            className: `evento-${e.kind}`,
          }))
        : [],
    [negotiations.data, range],
  );

  async function savePlanning(row: Row): Promise<Row> {
    if (!planningDef.data) return row;
    const { data } = await resourceApi.create(planningDef.data, row);
    notify.success(messages.saved);
    setPlanning(null);
    await queryClient.invalidateQueries({ queryKey: ['list', 'planning'] });
    return data;
  }

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {m.title}
        </Typography>
        {negotiations.isFetching && <CircularProgress size={20} aria-label={messages.loading} />}
        {KINDS.map((kind) => (
          <Chip
            key={kind}
            label={m.legend[kind]}
            sx={{ backgroundColor: EVENT_COLOURS[kind].backgroundColor, color: EVENT_COLOURS[kind].textColor }}
          />
        ))}
      </Box>
      <FullCalendar
        plugins={[classicThemePlugin, timeGridPlugin, dayGridPlugin, interactionPlugin]}
        locale={calendarItalian}
        {...calendarDensity}
        initialView="timeGridWeek"
        views={{ timeGridFourDay: { type: 'timeGrid', duration: { days: 4 } } }}
        buttons={{ timeGridFourDay: { text: m.views.fourDays } }}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: 'timeGridDay,timeGridFourDay,timeGridWeek,dayGridMonth',
        }}
        slotMinTime={hour(FIRST_SLOT_HOUR)}
        slotMaxTime={hour(LAST_SLOT_END_HOUR)}
        nowIndicator
        height="auto"
        events={events}
        eventDidMount={calendarEventText.eventDidMount}
        eventContent={calendarEventText.eventContent}
        datesSet={(info) => {
          const from = dayjs(info.start).format('YYYY-MM-DD');
          const to = dayjs(info.end).subtract(1, 'day').format('YYYY-MM-DD');
          if (range?.from !== from || range.to !== to) setRange({ from, to });
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          void navigate(negotiationPath(info.event.id.split('-').pop() ?? ''));
        }}
        dateClick={(info) => {
          if (info.allDay) return;
          const startTime = dayjs(info.date).format('HH:mm');
          setPlanning({
            date: dayjs(info.date).format('YYYY-MM-DD'),
            startTime,
            endTime: defaultPlanningEnd(startTime),
          });
        }}
      />
      {planning && planningDef.data && (
        <RecordDialog
          key={`${String(planning.date)}-${String(planning.startTime)}`}
          def={planningDef.data}
          record={planning}
          onSave={savePlanning}
          onClose={() => setPlanning(null)}
        />
      )}
    </>
  );
}
