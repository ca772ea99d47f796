import { Box } from '@mui/material';

interface EventText {
  event: { title: string };
  timeText: string;
  view: { type: string };
}

const fullText = (info: EventText) => [info.timeText, info.event.title].filter(Boolean).join(' ');

/**
 * What FullCalendar shows of an event, for every calendar of the app: the whole title (with its time) on hover
 * wherever the box is too small for it (`eventDidMount`), and in the views of hours (day, days, week) the title
 * wrapped over as many lines as its box holds instead of cut at one (`eventContent`; the month keeps its own look).
 */
export const calendarEventText = {
  eventDidMount(info: EventText & { el: HTMLElement }) {
    info.el.title = fullText(info);
  },
  eventContent(info: EventText) {
    if (!info.view.type.startsWith('timeGrid')) return true;
    return (
      <Box sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.25, px: 0.5, py: 0.25 }}>
        {info.timeText && (
          <Box component="span" sx={{ fontWeight: 600, mr: 0.5 }}>
            {info.timeText}
          </Box>
        )}
        {info.event.title}
      </Box>
    );
  },
} as const;
