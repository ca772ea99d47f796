import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Chip, Collapse, List, ListItem, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { resourceIndex } from '../../../generated/resourceIndex.ts';
import { Link, NavLink } from 'react-router-dom';
import type { DrawerSection } from '../../domain/menu.ts';
import { activeEntryOf, drawerGroupOf, openDrawerSections } from '../menu.ts';
import type { MenuGroup } from '../../domain/resourceDefinition.ts';
import { messages } from '../i18n/messages.ts';
import { resourceExtension } from '../resources/resourceExtensions.ts';

const resourceAt = (route: string) => Object.values(resourceIndex).find((r) => r.route === route)?.name;

/** The count a workflow shows beside its entry (missed calls to call back), kept fresh by the hub. */
function EntryCount({ name, count }: { name: string; count: () => Promise<number> }) {
  const query = useQuery({ queryKey: ['menuCount', name], queryFn: count, staleTime: 60_000 });
  if (!query.data) return null;
  return <Chip size="small" color="error" label={query.data} aria-label={`${query.data} ${messages.toHandle}`} />;
}

function EntryCountOf({ route }: { route: string }) {
  const name = resourceAt(route);
  const count = name ? resourceExtension(name).menuCount : undefined;
  return name && count ? <EntryCount name={name} count={count} /> : null;
}

function Entries({ section, depth, active }: { section: DrawerSection; depth: number; active: string | null }) {
  return (
    <>
      {section.entries.map((e) => (
        <ListItem key={e.route} disablePadding>
          {/* The page's own entry, chosen by the menu table: a link's prefix would pick the wrong one (a
              registered check-in's path begins with the new check-in's). */}
          <ListItemButton
            component={Link}
            to={e.route}
            selected={e.route === active}
            aria-current={e.route === active ? 'page' : undefined}
            sx={{ pl: 3 + depth * 2, py: 0.5, '&.Mui-selected': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemText primary={e.label} />
            <EntryCountOf route={e.route} />
          </ListItemButton>
        </ListItem>
      ))}
      {section.children.map((c) => (
        <ListItem key={c.group.id} disablePadding sx={{ display: 'block' }}>
          <List
            dense
            disablePadding
            subheader={
              <ListSubheader disableSticky sx={{ pl: 3 + depth * 2, lineHeight: '32px' }}>
                {c.group.label}
              </ListSubheader>
            }
          >
            <Entries section={c} depth={depth + 1} active={active} />
          </List>
        </ListItem>
      ))}
    </>
  );
}

/**
 * The drawer: Home, then one collapsible section per menu group of SPEC.md section 2 that the user's
 * roles allow. The section of the current page opens as the page changes; the user may open or fold any.
 */
export function AppDrawer({ sections, pathname }: { sections: DrawerSection[]; pathname: string }) {
  const [open, setOpen] = useState(() => new Set<MenuGroup>(openDrawerSections(sections, pathname)));
  // The entries of a section are drawn once it has been opened, and kept (for its folding): an administrator's
  // closed sections held some seventy hidden entries, a third of the app's first drawing of a list.
  const [drawn, setDrawn] = useState(() => new Set(open));
  if ([...open].some((id) => !drawn.has(id))) setDrawn(new Set([...drawn, ...open]));
  // A page of another section: the drawer follows it (React's "adjust state while rendering" pattern).
  const [group, setGroup] = useState(() => drawerGroupOf(pathname));
  const current = drawerGroupOf(pathname);
  const active = activeEntryOf(pathname);
  if (current !== group) {
    setGroup(current);
    setOpen(new Set(openDrawerSections(sections, pathname)));
  }
  const toggle = (id: MenuGroup) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <nav aria-label={messages.mainMenu}>
      <List dense disablePadding>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to="/" end sx={{ '&.active': { bgcolor: 'action.selected' } }}>
            <ListItemText primary={messages.home} slotProps={{ primary: { fontWeight: 600 } }} />
          </ListItemButton>
        </ListItem>
        {sections.map((s) => {
          const expanded = open.has(s.group.id);
          const id = `drawer-${s.group.id}`;
          return (
            <ListItem key={s.group.id} disablePadding sx={{ display: 'block' }}>
              <ListItemButton aria-expanded={expanded} aria-controls={id} onClick={() => toggle(s.group.id)}>
                <ListItemText
                  primary={s.group.label}
                  slotProps={{ primary: { fontWeight: 600, color: current === s.group.id ? 'primary' : undefined } }}
                />
                {expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
              </ListItemButton>
              <Collapse in={expanded} id={id} timeout="auto">
                {drawn.has(s.group.id) && (
                  <List dense disablePadding>
                    <Entries section={s} depth={0} active={active} />
                  </List>
                )}
              </Collapse>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}
