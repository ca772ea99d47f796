import { lazy } from 'react';
import type { WebWorkflow } from '../workflow.ts';
import { ToComplete, TodayPlanning } from './HomeCards.tsx';
import { PLANNING_CALENDAR, planningsPages } from './pages.ts';
import { registerPlannings } from './registerPlannings.ts';

export const plannings: WebWorkflow = {
  ...planningsPages,
  // The calendar library loads with its page.
  routes: [
    {
      path: PLANNING_CALENDAR,
      page: lazy(() => import('./PlanningCalendar.tsx').then((mod) => ({ default: mod.PlanningCalendar }))),
    },
  ],
  extensions: registerPlannings,
  cards: { todayPlanning: TodayPlanning, toComplete: ToComplete },
};
