import { Box, Button, Chip, CircularProgress, Typography } from '@mui/material';
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
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { planningEventTitle } from '../../../domain/calendar/index.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { RecordDialog } from '../../resources/RecordDialog.tsx';
import { calendarEventText } from '../../ui/calendarEventText.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { PLANNING_LIST } from './pages.ts';

const m = messages.calendar;
/** Activities read for the days on screen at most: more than a team plans in a month. */
const CALENDAR_PAGE = 1000;
const day = (d: Date) => dayjs(d).format('YYYY-MM-DD');
const time = (d: Date) => dayjs(d).format('HH:mm');
/** The fields of an activity that say when it is. */
const when = (start: Date, end: Date) => ({ date: day(start), startTime: time(start), endTime: time(end) });

/** /plannings: the activities in a week calendar; click to plan one (an hour), drag to move, stretch to lengthen. */
export function PlanningCalendar() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const def = useQuery({
    queryKey: ['definition', 'planning'],
    queryFn: () => resourceIndex.planning.load(),
    staleTime: Infinity,
  });
  // A new activity is for the agent the user's account is linked to; which activities the user sees is the
  // server's to say (their agent's, their own call-backs, everybody's for a supervisor).
  const me = useQuery({
    queryKey: ['me'],
    queryFn: async () => (await unwrap(api.GET('/api/users/me'))).data,
  });
  const agentId = me.data?.agentId ?? null;
  // The days on screen, as FullCalendar reports them: only their activities are read, a bounded page.
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const all = useQuery({
    queryKey: ['list', 'planning', 'calendar', range],
    enabled: !!range,
    queryFn: async () =>
      range
        ? await unwrap(
            api.GET('/api/plannings', {
              params: {
                query: { filters: { dateFrom: range.from, dateTo: range.to }, page: 1, rowsPerPage: CALENDAR_PAGE },
              },
            }),
          )
        : null,
  });
  // Every activity still to complete that the user sees, whatever the days on screen: all of them less those
  // completed (an activity never ticked has no value, so "not completed" is not a filter of its own).
  const incomplete = useQuery({
    queryKey: ['list', 'planning', 'incomplete'],
    queryFn: async () => {
      const count = async (filters: Record<string, boolean>) =>
        (await unwrap(api.GET('/api/plannings', { params: { query: { filters, page: 1, rowsPerPage: 1 } } })))
          .totalRows;
      const [all, completed] = await Promise.all([count({}), count({ completed: true })]);
      return all - completed;
    },
  });
  const open = incomplete.data;
  const [editing, setEditing] = useState<Row | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', 'planning'] });

  if (!def.data) return <CircularProgress aria-label={messages.loading} />;
  const planning = def.data;

  async function save(row: Row): Promise<Row> {
    const { data } = row.id ? await resourceApi.update(planning, row.id, row) : await resourceApi.create(planning, row);
    notify.success(messages.saved);
    setEditing(null);
    await refresh();
    return data;
  }

  async function move(id: string, start: Date | null, end: Date | null, revert: () => void) {
    const row = all.data?.data.find((r) => String(r.id) === id);
    if (!row || !start) return revert();
    try {
      await resourceApi.update(planning, Number(row.id), {
        ...row,
        ...when(start, end ?? dayjs(start).add(1, 'hour').toDate()),
      });
      notify.success(messages.saved);
    } catch {
      // The message is already shown; the activity goes back where it was.
      revert();
    }
    await refresh();
  }

  const customers = all.data?.references?.customer ?? [];
  const events = (all.data?.data ?? []).map((r) => ({
    id: String(r.id),
    title: planningEventTitle(r.subject, customers.find((c) => c.id === r.customerId)?.label, m.untitled),
    start: `${String(r.date)}T${String(r.startTime)}`,
    end: `${String(r.date)}T${String(r.endTime)}`,
    classNames: r.completed === true ? ['attivita-completata'] : [],
  }));

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {m.title}
        </Typography>
        {/* Only once the activities are loaded: a "0" while loading would be a wrong figure. */}
        {open !== undefined && (
          <Chip
            role="status"
            color={open > 0 ? 'warning' : 'default'}
            label={messages.labels.incompleteActivities(open)}
          />
        )}
        <Button component={Link} to={PLANNING_LIST}>
          {m.list}
        </Button>
      </Box>
      <FullCalendar
        plugins={[classicThemePlugin, timeGridPlugin, dayGridPlugin, interactionPlugin]}
        locale={calendarItalian}
        {...calendarDensity}
        initialView="timeGridWeek"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' }}
        allDaySlot={false}
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        nowIndicator
        editable
        selectable
        // A plain click is a dateClick (one hour); only a drag across slots is a selection.
        selectMinDistance={5}
        height="auto"
        events={events}
        datesSet={(info) => {
          const next = { from: day(info.start), to: day(dayjs(info.end).subtract(1, 'day').toDate()) };
          setRange((r) => (r?.from === next.from && r.to === next.to ? r : next));
        }}
        eventDidMount={calendarEventText.eventDidMount}
        eventContent={calendarEventText.eventContent}
        dateClick={(info) =>
          setEditing({ ...when(info.date, dayjs(info.date).add(1, 'hour').toDate()), ...(agentId ? { agentId } : {}) })
        }
        select={(info) => setEditing({ ...when(info.start, info.end), ...(agentId ? { agentId } : {}) })}
        eventClick={(info) => setEditing(all.data?.data.find((r) => String(r.id) === info.event.id) ?? null)}
        eventDrop={(info) => void move(info.event.id, info.event.start, info.event.end, info.revert)}
        eventResize={(info) => void move(info.event.id, info.event.start, info.event.end, info.revert)}
      />
      {editing && (
        <RecordDialog
          key={String(editing.id ?? `${String(editing.date)}-${String(editing.startTime)}`)}
          def={planning}
          record={editing}
          onSave={save}
          onClose={() => setEditing(null)}
          onDelete={async () => {
            await resourceApi.remove(planning, Number(editing.id));
            notify.success(messages.deleted);
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </>
  );
}
