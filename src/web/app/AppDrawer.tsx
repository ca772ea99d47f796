import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItem, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { DrawerSection } from '../../domain/menu.ts';
import { drawerGroupOf, openDrawerSections } from '../menu.ts';
import type { MenuGroup } from '../../domain/resourceDefinition.ts';
import { messages } from '../i18n/messages.ts';

function Entries({ section, depth }: { section: DrawerSection; depth: number }) {
  return (
    <>
      {section.entries.map((e) => (
        <ListItem key={e.route} disablePadding>
          <ListItemButton
            component={NavLink}
            to={e.route}
            sx={{ pl: 3 + depth * 2, py: 0.5, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemText primary={e.label} />
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
            <Entries section={c} depth={depth + 1} />
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
  // A page of another section: the drawer follows it (React's "adjust state while rendering" pattern).
  const [group, setGroup] = useState(() => drawerGroupOf(pathname));
  const current = drawerGroupOf(pathname);
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
                <List dense disablePadding>
                  <Entries section={s} depth={0} />
                </List>
              </Collapse>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}
