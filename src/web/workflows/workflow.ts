import type { ComponentType, LazyExoticComponent } from 'react';
import type { WorkflowMenu } from '../../domain/menu.ts';

/** A page of a workflow: its route pattern and the page, loaded with its first visit. */
export interface WorkflowRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

/** A card of the home page and the screen it summarises: a user sees the card when that screen is theirs. */
export interface HomeCardTarget {
  id: string;
  path: string;
}

/**
 * Where a workflow's pages are, with no code of theirs: its menu entries, the paths anyone may open, the pages
 * outside the back office, its home cards' screens. Light enough for the guard of a list's first frame and
 * for Node (the unit and browser tests).
 */
export interface WorkflowPages extends WorkflowMenu {
  name: string;
  /** Route patterns of pages without a session (the customer's offer), shown without the back office. */
  publicPages?: readonly string[];
  homeCards?: readonly HomeCardTarget[];
}

/** What a home card draws: the user, and whether a path is theirs (to link only what they may open). */
export interface HomeCardProps {
  userId: number;
  permitted: (path: string) => boolean;
}

/** A workflow's door: its pages, what it adds to the generic screens, its home cards. */
export interface WebWorkflow extends WorkflowPages {
  /** Pages behind the login, in the back office's layout and guard. */
  routes?: readonly WorkflowRoute[];
  /** Pages without a session, outside the back office (their patterns are `publicPages`). */
  publicRoutes?: readonly WorkflowRoute[];
  /** What the workflow adds to the generic screens of its resources; run once before the first screen. */
  extensions?: () => void;
  cards?: Readonly<Record<string, ComponentType<HomeCardProps>>>;
}
